// Runs once when the server starts; the Node.js work lives in server/startup.ts so that Next's
// Edge-runtime check of this file sees no Node.js API.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startServer } = await import('./server/startup');
  await startServer(process.env);
}
