// A build is a production build, as `vite build` is: React's server renderer and JSX runtime
// choose their development or production code when first imported, so the mode is set before
// anything imports them (the development code renders the same HTML several times slower).
process.env.NODE_ENV = 'production';
const { runBuild } = await import('../src/core/cli/build-command.ts');

process.exitCode = await runBuild(process.argv.slice(2));

export {};
