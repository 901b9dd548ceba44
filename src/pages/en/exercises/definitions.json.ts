/** The course's exercise definitions for the English syllabus's receipt verifier: the same file as the Spanish one (src/pages/ejercicios/definitions.json.ts). */
export { GET } from '../../ejercicios/definitions.json.ts';
