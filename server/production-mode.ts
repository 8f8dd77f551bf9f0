/**
 * Imported first by the order API's entry (main.ts), before anything loads React: React picks
 * its build when it is first loaded, from NODE_ENV, and with none set it takes the
 * development build, which rendered a buyer's confirmation e-mail about four times slower
 * (docs/performance.md, Order API). An operator's own NODE_ENV is kept.
 */
process.env.NODE_ENV ??= 'production';
