// The device label of "My sessions": a browser and a system a person recognises, from the agents
// browsers and API clients really send (Chromium browsers all claim "Chrome" and "Safari", so the
// specific names must win).
import { describe, expect, it } from 'vitest';
import { describeUserAgent } from '@/lib/user-agent';

describe('describeUserAgent', () => {
  it.each([
    ['Chrome on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 131 · Windows', 'computer'],
    ['Edge on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70', 'Edge 131 · Windows', 'computer'],
    ['Opera on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0', 'Opera 115 · Windows', 'computer'],
    ['Firefox on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 · Windows', 'computer'],
    ['Safari on a Mac', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15', 'Safari 17 · macOS', 'computer'],
    ['Chrome on a Mac', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 131 · macOS', 'computer'],
    ['Firefox on Ubuntu', 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 · Ubuntu', 'computer'],
    ['Chrome on Linux', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 131 · Linux', 'computer'],
    ['headless Chromium (the e2e tests)', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome 131 · Linux', 'computer'],
    ['a Chromebook', 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 131 · ChromeOS', 'computer'],
    ['Safari on an iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1', 'Safari 17 · iPhone', 'phone'],
    ['Chrome on an iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1', 'Chrome 131 · iPhone', 'phone'],
    ['Firefox on an iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15', 'Firefox 133 · iPhone', 'phone'],
    ['Safari on an iPad', 'Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1', 'Safari 17 · iPad', 'tablet'],
    ['Chrome on an Android phone', 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36', 'Chrome 131 · Android 14', 'phone'],
    ['Samsung Internet', 'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 'Samsung Internet 26 · Android 13', 'phone'],
    ['an Android tablet', 'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 131 · Android 13', 'tablet'],
    ['Android without a version (reduced agent)', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome 131 · Android 10', 'phone'],
    ['curl', 'curl/8.5.0', 'curl 8', 'program'],
    ['Postman', 'PostmanRuntime/7.42.0', 'Postman 7', 'program'],
    ['a Python script', 'python-requests/2.32.3', 'Python', 'program'],
    ['Node.js fetch', 'node', 'Node.js', 'program'],
    ['an Android app (okhttp)', 'okhttp/4.12.0', 'okhttp 4', 'program'],
    ['a browser on an unknown system', 'Mozilla/5.0 (compatible) Firefox/120.0', 'Firefox 120', 'computer'],
    ['a system without a known browser', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 'Windows', 'computer'],
  ])('%s', (_name, agent, label, kind) => {
    const info = describeUserAgent(agent);
    expect(info.label).toBe(label);
    expect(info.kind).toBe(kind);
  });

  it('says nothing for nothing or for noise', () => {
    expect(describeUserAgent('')).toEqual({ browser: null, os: null, kind: 'program', label: '' });
    expect(describeUserAgent(null).label).toBe('');
    expect(describeUserAgent('   ').label).toBe('');
    expect(describeUserAgent('something-else/1.0').label).toBe('');
  });
});
