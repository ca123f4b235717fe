// The demo users' password unless DEMO_PASSWORD says otherwise. A module of its own: `npm start`
// needs it to find the demo snapshot without loading the seed and its generator.
export const DEFAULT_DEMO_PASSWORD = 'plantel2026';
