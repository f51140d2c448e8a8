/**
 * The one way the app imports zod. Importing it through here guarantees, by module order, that zod is in
 * jitless mode before any schema is built: zod's JIT probes `new Function` when an object schema is created,
 * and under the app's Content-Security-Policy (no 'unsafe-eval') the probe is reported as a violation even
 * though zod catches it. Jitless parsing gives the same results. Lint refuses `import … from 'zod'` elsewhere.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
