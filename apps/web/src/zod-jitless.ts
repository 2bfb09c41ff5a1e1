import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may; the Content-Security-Policy forbids
// eval, and even Zod's caught probe for it is reported as a violation. The probe runs when the first
// object schema is built, so the build puts this module into Zod's own chunk (vite.config.ts).
z.config({ jitless: true });
