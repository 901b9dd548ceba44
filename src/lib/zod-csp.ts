/**
 * Zod without its eval probe. Zod 4 compiles object parsers with `new Function` when it can, and
 * finds out by trying once: under the site's Content-Security-Policy (no 'unsafe-eval') that try is
 * blocked and reported as a violation, although zod then falls back by itself. `jitless` skips the
 * probe and the compiled path. Zod reads the setting when an object schema is built, not when it
 * parses, so this module must be evaluated before any module that builds schemas: it is the first
 * import of every main-thread entry that parses with zod (lab islands through LabLoader, widgets
 * through WidgetLoader, the exercise runner, the progress file). The config is global (classic zod
 * and zod/mini share it). The worker is not under the page's <meta> policy and keeps the fast path.
 */
import { config } from 'zod/mini';

config({ jitless: true });
