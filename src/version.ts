/** benchgate's own version, stamped into reports and normalized summaries. Keep in step with package.json (a test checks). */
export const BENCHGATE_VERSION = '0.1.0';
