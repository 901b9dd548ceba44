;; MT19937 bootstrap kernel: CPython-compatible randrange(n) draws counted per group of cases,
;; `rounds` rounds of n draws each. Source of the built bytes in mt_bootstrap.wasm.ts
;; (`npm run build:wasm`, scripts/wasm/build.mjs; tests/unit/rng_wasm.test.ts checks that the
;; committed bytes are what this text assembles to, and that the draws equal the JS path's).
;;
;; Generator: MT19937 (Matsumoto & Nishimura 1998, "Mersenne Twister: a 623-dimensionally
;; equidistributed uniform pseudo-random number generator", ACM TOMACS 8(1)), the reference
;; genrand_int32: twist of the 624-word state (N = 624, M = 397, MATRIX_A = 0x9908b0df) and
;; tempering (>> 11; << 7 & 0x9d2c5680; << 15 & 0xefc60000; >> 18).
;; Draws: CPython's _randbelow_with_getrandbits(n) (Lib/random.py): k = n.bit_length(),
;; r = getrandbits(k) = word >>> (32 - k) = word >>> clz32(n), redrawn while r >= n.
;;
;; Rejection without a test in the loop: the caller passes a padded group table gp of 2^k entries
;; (2^k = 2^(32 - shift) > n >= 2^(k-1)), gp[r] = group of case r for r < n and gp[r] = `trash`
;; (= stride - 1, one counter past the real groups) for n <= r < 2^k. Every word adds 1 to
;; counts[gp[r]]; the trash counter therefore counts the rejected words, and the accepted draws of
;; a run of m words are m - (trash increase). A round runs segments of min(words left in the pass,
;; draws still needed) words: a word gives at most one draw, so a segment never overshoots n, and
;; the round ends when exactly n draws have been accepted (the same words as CPython's loop).
;;
;; State convention (shared with labs/core/rng.ts, PyRandom, "lazy twist"): the caller's state at
;; byte 0 is 624 int32 words and an index i in [0, 624): words [0, i) already hold the current
;; pass's twisted values (already used), words [i, 624) still hold the previous pass's values. The
;; kernel finishes that pass into a buffer, and ping-pongs between two buffers for later passes.
;; On return the state at byte 0 is rewritten in the same convention and the new index returned,
;; so PyRandom and the kernel continue each other's stream exactly.
;;
;; Memory (imported, little-endian, byte offsets):
;;   0     S     caller's state, 624 x i32 (in and out)
;;   2496  BUF0  a pass's twisted words, 624 x i32
;;   4992  BUF1  the other buffer
;;   7488  T     the pass's tempered words, shifted: T[j] = temper(word j) >>> shift
;;   9984  end of the fixed area: the caller puts gp and the counts at or above 10240
;;   cnt   counts, `rounds` rows of 16·stride bytes (row r at cnt + 16·stride·r): while the row is
;;         counted, four u32 banks per counter (see $seg8); at the end of the round the banks are
;;         added and the row starts with `stride` u32: the groups' counts, then the trash's
;;   gp    group table, 2^k entries of 1, 2 or 4 bytes (width)
;;
;; SIMD (WebAssembly 128-bit SIMD, 4 words per step) is used for the twist and the tempering, done
;; together once per pass into T; the counting loop is scalar (one table read and one counter
;; increment per word), unrolled by four over four banks of counters.
(module
  (import "env" "memory" (memory 1))

;; Twists words [from, 624) of a pass and tempers them: dst[j] = next value of word j, from the
  ;; previous pass's words in src (src[j], src[j + 1], and src[j + 397] for j < 227) and this
  ;; pass's words in dst (dst[j - 227] for j >= 227, dst[0] for j = 623), as in the reference's three
  ;; loops; T[j] = temper(dst[j]) >>> shift. dst[0, from) must already hold this pass's words.
  ;; 4 words per step (SIMD) where the 4 words are all in the same loop, one word per step else.
  (func $twist (param $src i32) (param $dst i32) (param $from i32) (param $shift i32)
    (local $p i32) (local $y i32) (local $v v128)
    (local.set $p (i32.shl (local.get $from) (i32.const 2)))
    ;; j in [from, 227): 4 at a time while j + 4 <= 227, then one at a time
    (block $done1
      (loop $l1
        (br_if $done1 (i32.gt_u (i32.add (local.get $p) (i32.const 16)) (i32.const 908)))
        (local.set $v
          (v128.or
            (v128.and (v128.load (i32.add (local.get $src) (local.get $p))) (v128.const i32x4 0x80000000 0x80000000 0x80000000 0x80000000))
            (v128.and (v128.load offset=4 (i32.add (local.get $src) (local.get $p))) (v128.const i32x4 0x7fffffff 0x7fffffff 0x7fffffff 0x7fffffff))))
        (local.set $v
          (v128.xor
            (v128.xor
              (v128.load offset=1588 (i32.add (local.get $src) (local.get $p)))
              (i32x4.shr_u (local.get $v) (i32.const 1)))
            (v128.and
              (i32x4.shr_s (i32x4.shl (local.get $v) (i32.const 31)) (i32.const 31))
              (v128.const i32x4 0x9908b0df 0x9908b0df 0x9908b0df 0x9908b0df))))
        (v128.store (i32.add (local.get $dst) (local.get $p)) (local.get $v))
        (local.set $v (v128.xor (local.get $v) (i32x4.shr_u (local.get $v) (i32.const 11))))
        (local.set $v (v128.xor (local.get $v) (v128.and (i32x4.shl (local.get $v) (i32.const 7)) (v128.const i32x4 0x9d2c5680 0x9d2c5680 0x9d2c5680 0x9d2c5680))))
        (local.set $v (v128.xor (local.get $v) (v128.and (i32x4.shl (local.get $v) (i32.const 15)) (v128.const i32x4 0xefc60000 0xefc60000 0xefc60000 0xefc60000))))
        (local.set $v (v128.xor (local.get $v) (i32x4.shr_u (local.get $v) (i32.const 18))))
        (v128.store offset=7488 (local.get $p) (i32x4.shr_u (local.get $v) (local.get $shift)))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $l1)))
    (block $done1s
      (loop $l1s
        (br_if $done1s (i32.ge_u (local.get $p) (i32.const 908)))
        (local.set $y
          (i32.or
            (i32.and (i32.load (i32.add (local.get $src) (local.get $p))) (i32.const 0x80000000))
            (i32.and (i32.load offset=4 (i32.add (local.get $src) (local.get $p))) (i32.const 0x7fffffff))))
        (local.set $y
          (i32.xor
            (i32.xor
              (i32.load offset=1588 (i32.add (local.get $src) (local.get $p)))
              (i32.shr_u (local.get $y) (i32.const 1)))
            (i32.and (i32.sub (i32.const 0) (i32.and (local.get $y) (i32.const 1))) (i32.const 0x9908b0df))))
        (i32.store (i32.add (local.get $dst) (local.get $p)) (local.get $y))
        (i32.store offset=7488 (local.get $p) (i32.shr_u (call $temper (local.get $y)) (local.get $shift)))
        (local.set $p (i32.add (local.get $p) (i32.const 4)))
        (br $l1s)))
    ;; j in [max(from, 227), 623): word j + 397 - 624 = j - 227 is already this pass's (in dst)
    (block $done2
      (loop $l2
        (br_if $done2 (i32.gt_u (i32.add (local.get $p) (i32.const 16)) (i32.const 2492)))
        (local.set $v
          (v128.or
            (v128.and (v128.load (i32.add (local.get $src) (local.get $p))) (v128.const i32x4 0x80000000 0x80000000 0x80000000 0x80000000))
            (v128.and (v128.load offset=4 (i32.add (local.get $src) (local.get $p))) (v128.const i32x4 0x7fffffff 0x7fffffff 0x7fffffff 0x7fffffff))))
        (local.set $v
          (v128.xor
            (v128.xor
              (v128.load (i32.sub (i32.add (local.get $dst) (local.get $p)) (i32.const 908)))
              (i32x4.shr_u (local.get $v) (i32.const 1)))
            (v128.and
              (i32x4.shr_s (i32x4.shl (local.get $v) (i32.const 31)) (i32.const 31))
              (v128.const i32x4 0x9908b0df 0x9908b0df 0x9908b0df 0x9908b0df))))
        (v128.store (i32.add (local.get $dst) (local.get $p)) (local.get $v))
        (local.set $v (v128.xor (local.get $v) (i32x4.shr_u (local.get $v) (i32.const 11))))
        (local.set $v (v128.xor (local.get $v) (v128.and (i32x4.shl (local.get $v) (i32.const 7)) (v128.const i32x4 0x9d2c5680 0x9d2c5680 0x9d2c5680 0x9d2c5680))))
        (local.set $v (v128.xor (local.get $v) (v128.and (i32x4.shl (local.get $v) (i32.const 15)) (v128.const i32x4 0xefc60000 0xefc60000 0xefc60000 0xefc60000))))
        (local.set $v (v128.xor (local.get $v) (i32x4.shr_u (local.get $v) (i32.const 18))))
        (v128.store offset=7488 (local.get $p) (i32x4.shr_u (local.get $v) (local.get $shift)))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $l2)))
    (block $done2s
      (loop $l2s
        (br_if $done2s (i32.ge_u (local.get $p) (i32.const 2492)))
        (local.set $y
          (i32.or
            (i32.and (i32.load (i32.add (local.get $src) (local.get $p))) (i32.const 0x80000000))
            (i32.and (i32.load offset=4 (i32.add (local.get $src) (local.get $p))) (i32.const 0x7fffffff))))
        (local.set $y
          (i32.xor
            (i32.xor
              (i32.load (i32.sub (i32.add (local.get $dst) (local.get $p)) (i32.const 908)))
              (i32.shr_u (local.get $y) (i32.const 1)))
            (i32.and (i32.sub (i32.const 0) (i32.and (local.get $y) (i32.const 1))) (i32.const 0x9908b0df))))
        (i32.store (i32.add (local.get $dst) (local.get $p)) (local.get $y))
        (i32.store offset=7488 (local.get $p) (i32.shr_u (call $temper (local.get $y)) (local.get $shift)))
        (local.set $p (i32.add (local.get $p) (i32.const 4)))
        (br $l2s)))
    ;; j = 623: the upper bit of the old word 623, the lower bits of this pass's word 0, and word 396
    (local.set $y
      (i32.or
        (i32.and (i32.load offset=2492 (local.get $src)) (i32.const 0x80000000))
        (i32.and (i32.load (local.get $dst)) (i32.const 0x7fffffff))))
    (local.set $y
      (i32.xor
        (i32.xor
          (i32.load offset=1584 (local.get $dst))
          (i32.shr_u (local.get $y) (i32.const 1)))
        (i32.and (i32.sub (i32.const 0) (i32.and (local.get $y) (i32.const 1))) (i32.const 0x9908b0df))))
    (i32.store offset=2492 (local.get $dst) (local.get $y))
    (i32.store offset=9980 (i32.const 0) (i32.shr_u (call $temper (local.get $y)) (local.get $shift))))

  ;; MT19937 tempering of one word (the SIMD loops above inline the same four steps).
  (func $temper (param $y i32) (result i32)
    (local.set $y (i32.xor (local.get $y) (i32.shr_u (local.get $y) (i32.const 11))))
    (local.set $y (i32.xor (local.get $y) (i32.and (i32.shl (local.get $y) (i32.const 7)) (i32.const 0x9d2c5680))))
    (local.set $y (i32.xor (local.get $y) (i32.and (i32.shl (local.get $y) (i32.const 15)) (i32.const 0xefc60000))))
    (i32.xor (local.get $y) (i32.shr_u (local.get $y) (i32.const 18))))

  ;; One segment: for each tempered word r at byte addresses [tp, tend) (tp < tend), adds 1 to
  ;; a counter of group gp[r]: word i of each group of four goes to bank i, the u32 at
  ;; cnt + 16·gp[r] + 4·i (four banks, so that consecutive words hitting the same group do not
  ;; wait on each other's store; the banks are added at the end of the round). Words past the last
  ;; multiple of four go to bank 0. One function per width of gp's entries (1, 2, 4 bytes).
  (func $seg8 (param $tp i32) (param $tend i32) (param $cnt i32) (param $gp i32)
    (local $a i32) (local $end4 i32)
    (local.set $end4 (i32.sub (local.get $tend) (i32.and (i32.sub (local.get $tend) (local.get $tp)) (i32.const 15))))
    (block $done4
      (loop $l4
        (br_if $done4 (i32.ge_u (local.get $tp) (local.get $end4)))
        (local.set $a (i32.add (local.get $cnt) (i32.shl (i32.load8_u (i32.add (local.get $gp) (i32.load (local.get $tp)))) (i32.const 4))))
        (i32.store (local.get $a) (i32.add (i32.load (local.get $a)) (i32.const 1)))
        (local.set $a (i32.add (local.get $cnt) (i32.shl (i32.load8_u (i32.add (local.get $gp) (i32.load offset=4 (local.get $tp)))) (i32.const 4))))
        (i32.store offset=4 (local.get $a) (i32.add (i32.load offset=4 (local.get $a)) (i32.const 1)))
        (local.set $a (i32.add (local.get $cnt) (i32.shl (i32.load8_u (i32.add (local.get $gp) (i32.load offset=8 (local.get $tp)))) (i32.const 4))))
        (i32.store offset=8 (local.get $a) (i32.add (i32.load offset=8 (local.get $a)) (i32.const 1)))
        (local.set $a (i32.add (local.get $cnt) (i32.shl (i32.load8_u (i32.add (local.get $gp) (i32.load offset=12 (local.get $tp)))) (i32.const 4))))
        (i32.store offset=12 (local.get $a) (i32.add (i32.load offset=12 (local.get $a)) (i32.const 1)))
        (local.set $tp (i32.add (local.get $tp) (i32.const 16)))
        (br $l4)))
    (block $done
      (loop $l
        (br_if $done (i32.ge_u (local.get $tp) (local.get $tend)))
        (local.set $a (i32.add (local.get $cnt) (i32.shl (i32.load8_u (i32.add (local.get $gp) (i32.load (local.get $tp)))) (i32.const 4))))
        (i32.store (local.get $a) (i32.add (i32.load (local.get $a)) (i32.const 1)))
        (local.set $tp (i32.add (local.get $tp) (i32.const 4)))
        (br $l))))
  (func $seg16 (param $tp i32) (param $tend i32) (param $cnt i32) (param $gp i32)
    (local $a i32) (local $end4 i32)
    (local.set $end4 (i32.sub (local.get $tend) (i32.and (i32.sub (local.get $tend) (local.get $tp)) (i32.const 15))))
    (block $done4
      (loop $l4
        (br_if $done4 (i32.ge_u (local.get $tp) (local.get $end4)))
        (local.set $a (i32.add (local.get $cnt) (i32.shl (i32.load16_u (i32.add (local.get $gp) (i32.shl (i32.load (local.get $tp)) (i32.const 1)))) (i32.const 4))))
        (i32.store (local.get $a) (i32.add (i32.load (local.get $a)) (i32.const 1)))
        (local.set $a (i32.add (local.get $cnt) (i32.shl (i32.load16_u (i32.add (local.get $gp) (i32.shl (i32.load offset=4 (local.get $tp)) (i32.const 1)))) (i32.const 4))))
        (i32.store offset=4 (local.get $a) (i32.add (i32.load offset=4 (local.get $a)) (i32.const 1)))
        (local.set $a (i32.add (local.get $cnt) (i32.shl (i32.load16_u (i32.add (local.get $gp) (i32.shl (i32.load offset=8 (local.get $tp)) (i32.const 1)))) (i32.const 4))))
        (i32.store offset=8 (local.get $a) (i32.add (i32.load offset=8 (local.get $a)) (i32.const 1)))
        (local.set $a (i32.add (local.get $cnt) (i32.shl (i32.load16_u (i32.add (local.get $gp) (i32.shl (i32.load offset=12 (local.get $tp)) (i32.const 1)))) (i32.const 4))))
        (i32.store offset=12 (local.get $a) (i32.add (i32.load offset=12 (local.get $a)) (i32.const 1)))
        (local.set $tp (i32.add (local.get $tp) (i32.const 16)))
        (br $l4)))
    (block $done
      (loop $l
        (br_if $done (i32.ge_u (local.get $tp) (local.get $tend)))
        (local.set $a (i32.add (local.get $cnt) (i32.shl (i32.load16_u (i32.add (local.get $gp) (i32.shl (i32.load (local.get $tp)) (i32.const 1)))) (i32.const 4))))
        (i32.store (local.get $a) (i32.add (i32.load (local.get $a)) (i32.const 1)))
        (local.set $tp (i32.add (local.get $tp) (i32.const 4)))
        (br $l))))
  (func $seg32 (param $tp i32) (param $tend i32) (param $cnt i32) (param $gp i32)
    (local $a i32) (local $end4 i32)
    (local.set $end4 (i32.sub (local.get $tend) (i32.and (i32.sub (local.get $tend) (local.get $tp)) (i32.const 15))))
    (block $done4
      (loop $l4
        (br_if $done4 (i32.ge_u (local.get $tp) (local.get $end4)))
        (local.set $a (i32.add (local.get $cnt) (i32.shl (i32.load (i32.add (local.get $gp) (i32.shl (i32.load (local.get $tp)) (i32.const 2)))) (i32.const 4))))
        (i32.store (local.get $a) (i32.add (i32.load (local.get $a)) (i32.const 1)))
        (local.set $a (i32.add (local.get $cnt) (i32.shl (i32.load (i32.add (local.get $gp) (i32.shl (i32.load offset=4 (local.get $tp)) (i32.const 2)))) (i32.const 4))))
        (i32.store offset=4 (local.get $a) (i32.add (i32.load offset=4 (local.get $a)) (i32.const 1)))
        (local.set $a (i32.add (local.get $cnt) (i32.shl (i32.load (i32.add (local.get $gp) (i32.shl (i32.load offset=8 (local.get $tp)) (i32.const 2)))) (i32.const 4))))
        (i32.store offset=8 (local.get $a) (i32.add (i32.load offset=8 (local.get $a)) (i32.const 1)))
        (local.set $a (i32.add (local.get $cnt) (i32.shl (i32.load (i32.add (local.get $gp) (i32.shl (i32.load offset=12 (local.get $tp)) (i32.const 2)))) (i32.const 4))))
        (i32.store offset=12 (local.get $a) (i32.add (i32.load offset=12 (local.get $a)) (i32.const 1)))
        (local.set $tp (i32.add (local.get $tp) (i32.const 16)))
        (br $l4)))
    (block $done
      (loop $l
        (br_if $done (i32.ge_u (local.get $tp) (local.get $tend)))
        (local.set $a (i32.add (local.get $cnt) (i32.shl (i32.load (i32.add (local.get $gp) (i32.shl (i32.load (local.get $tp)) (i32.const 2)))) (i32.const 4))))
        (i32.store (local.get $a) (i32.add (i32.load (local.get $a)) (i32.const 1)))
        (local.set $tp (i32.add (local.get $tp) (i32.const 4)))
        (br $l))))

  ;; Sum of the four banks of the counter at byte address a.
  (func $banks (param $a i32) (result i32)
    (i32.add (i32.add (i32.load (local.get $a)) (i32.load offset=4 (local.get $a)))
      (i32.add (i32.load offset=8 (local.get $a)) (i32.load offset=12 (local.get $a)))))

;; run(width, index, n, shift, stride, rounds, gp, cnt) -> new index
  ;;   width: bytes per gp entry (1, 2 or 4); index: the state's index in [0, 624); n >= 1 draws
  ;;   per round, also the randrange bound (n < 2^31); shift = clz32(n); stride = groups + 1 (the
  ;;   last counter of each row is the trash); rounds >= 1; gp, cnt: byte offsets (see the layout).
  ;; Writes `rounds` rows of counts and the state at byte 0.
  (func (export "run") (param $width i32) (param $index i32) (param $n i32) (param $shift i32)
    (param $stride i32) (param $rounds i32) (param $gp i32) (param $cnt i32) (result i32)
    (local $src i32) (local $dst i32) (local $j i32) (local $r i32) (local $base i32)
    (local $trash i32) (local $need i32) (local $m i32) (local $before i32) (local $g i32)
    ;; finish the caller's pass: its words [0, index) are already this pass's
    (local.set $src (i32.const 0))
    (local.set $dst (i32.const 2496))
    (memory.copy (local.get $dst) (i32.const 0) (i32.shl (local.get $index) (i32.const 2)))
    (call $twist (local.get $src) (local.get $dst) (local.get $index) (local.get $shift))
    (local.set $j (local.get $index))
    (local.set $base (local.get $cnt))
    (loop $round
      ;; the row's counters, four banks each: 16·stride bytes
      (memory.fill (local.get $base) (i32.const 0) (i32.shl (local.get $stride) (i32.const 4)))
      (local.set $trash (i32.add (local.get $base) (i32.shl (i32.sub (local.get $stride) (i32.const 1)) (i32.const 4))))
      (local.set $need (local.get $n))
      (loop $draws
        (if (i32.eq (local.get $j) (i32.const 624))
          (then
            ;; next pass: this pass's words become the old ones; write into the other buffer
            (local.set $src (local.get $dst))
            (local.set $dst (select (i32.const 4992) (i32.const 2496) (i32.eq (local.get $src) (i32.const 2496))))
            (call $twist (local.get $src) (local.get $dst) (i32.const 0) (local.get $shift))
            (local.set $j (i32.const 0))))
        ;; m = min(words left in the pass, draws still needed)
        (local.set $m (i32.sub (i32.const 624) (local.get $j)))
        (if (i32.lt_u (local.get $need) (local.get $m)) (then (local.set $m (local.get $need))))
        (local.set $before (call $banks (local.get $trash)))
        (if (i32.eq (local.get $width) (i32.const 1))
          (then (call $seg8 (i32.add (i32.const 7488) (i32.shl (local.get $j) (i32.const 2)))
            (i32.add (i32.const 7488) (i32.shl (i32.add (local.get $j) (local.get $m)) (i32.const 2)))
            (local.get $base) (local.get $gp)))
          (else (if (i32.eq (local.get $width) (i32.const 2))
            (then (call $seg16 (i32.add (i32.const 7488) (i32.shl (local.get $j) (i32.const 2)))
              (i32.add (i32.const 7488) (i32.shl (i32.add (local.get $j) (local.get $m)) (i32.const 2)))
              (local.get $base) (local.get $gp)))
            (else (call $seg32 (i32.add (i32.const 7488) (i32.shl (local.get $j) (i32.const 2)))
              (i32.add (i32.const 7488) (i32.shl (i32.add (local.get $j) (local.get $m)) (i32.const 2)))
              (local.get $base) (local.get $gp))))))
        ;; accepted = m - rejected
        (local.set $need (i32.add (i32.sub (local.get $need) (local.get $m))
          (i32.sub (call $banks (local.get $trash)) (local.get $before))))
        (local.set $j (i32.add (local.get $j) (local.get $m)))
        (br_if $draws (local.get $need)))
      ;; fold the banks: counter g of the row becomes the u32 at base + 4g (it reads bytes
      ;; [16g, 16g + 16), at or after 4g, so the row can be folded in place in increasing g)
      (local.set $g (i32.const 0))
      (loop $fold
        (i32.store (i32.add (local.get $base) (i32.shl (local.get $g) (i32.const 2)))
          (call $banks (i32.add (local.get $base) (i32.shl (local.get $g) (i32.const 4)))))
        (br_if $fold (i32.lt_u (local.tee $g (i32.add (local.get $g) (i32.const 1))) (local.get $stride))))
      (local.set $base (i32.add (local.get $base) (i32.shl (local.get $stride) (i32.const 4))))
      (br_if $round (i32.lt_u (local.tee $r (i32.add (local.get $r) (i32.const 1))) (local.get $rounds))))
    ;; state out, in the caller's convention: this pass's words [0, j), the old ones [j, 624)
    (if (i32.ne (local.get $src) (i32.const 0))
      (then (memory.copy (i32.shl (local.get $j) (i32.const 2)) (i32.add (local.get $src) (i32.shl (local.get $j) (i32.const 2)))
        (i32.shl (i32.sub (i32.const 624) (local.get $j)) (i32.const 2)))))
    (memory.copy (i32.const 0) (local.get $dst) (i32.shl (local.get $j) (i32.const 2)))
    (select (i32.const 0) (local.get $j) (i32.eq (local.get $j) (i32.const 624))))
)
