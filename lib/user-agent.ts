// What a session's User-Agent header says in words a person recognises on the "My sessions" screen:
// "Chrome 131 · Windows", "Safari 17 · iPhone", "curl 8". Only the browser's or client's name and
// major version and the system's name: enough to tell one's phone from one's office computer, and
// nothing a person has to decode. Browsers copy each other's tokens (every Chromium says "Safari",
// Edge says "Chrome"), so the more specific names are looked for first.

export type DeviceKind = 'phone' | 'tablet' | 'computer' | 'program';

export type UserAgentInfo = {
  /** "Chrome 131", "Firefox 133", "curl 8"; null when nothing is recognised. */
  browser: string | null;
  /** "Windows", "Android 14", "iPhone"; null when unknown. */
  os: string | null;
  kind: DeviceKind;
  /** browser and os joined ("Chrome 131 · Windows"); '' when neither is known. */
  label: string;
};

/** Browsers, most specific first: [name, version pattern]. */
const BROWSERS: readonly (readonly [string, RegExp])[] = [
  ['Edge', /\b(?:Edg|EdgA|EdgiOS|Edge)\/(\d+)/],
  ['Opera', /\b(?:OPR|OPiOS|Opera)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\/(\d+)/],
  // Safari states its own version in Version/; without it the token is another browser's.
  ['Safari', /\bVersion\/(\d+)(?:[.\d]*)? (?:Mobile\/\S+ )?Safari\//],
];

/** Programs that call the API (an import script, a test client): their own name. */
const PROGRAMS: readonly (readonly [string, RegExp])[] = [
  ['curl', /^curl\/(\d+)/i],
  ['Wget', /^Wget\/(\d+)/i],
  ['Postman', /^PostmanRuntime\/(\d+)/],
  ['okhttp', /^okhttp\/(\d+)/i],
  // Their version is the library's, not the language's: the name alone.
  ['Python', /^python-(?:requests|httpx|urllib\d?)\b/i],
  ['Node.js', /^(?:node|node-fetch|undici|axios)\b/i],
  ['Insomnia', /^insomnia\/(\d+)/i],
];

function system(ua: string): { os: string | null; kind: DeviceKind } {
  if (/\biPhone\b/.test(ua)) return { os: 'iPhone', kind: 'phone' };
  if (/\biPad\b/.test(ua)) return { os: 'iPad', kind: 'tablet' };
  if (/\biPod\b/.test(ua)) return { os: 'iPod', kind: 'phone' };
  const android = /\bAndroid(?:[ /](\d+))?/.exec(ua);
  if (android) {
    // Android tablets leave "Mobile" out of their agent.
    return { os: android[1] ? `Android ${android[1]}` : 'Android', kind: /\bMobile\b/.test(ua) ? 'phone' : 'tablet' };
  }
  if (/\bWindows Phone\b/.test(ua)) return { os: 'Windows Phone', kind: 'phone' };
  if (/\bWindows\b/.test(ua)) return { os: 'Windows', kind: 'computer' };
  if (/\bCrOS\b/.test(ua)) return { os: 'ChromeOS', kind: 'computer' };
  if (/\bMacintosh\b|\bMac OS X\b/.test(ua)) return { os: 'macOS', kind: 'computer' };
  if (/\bUbuntu\b/.test(ua)) return { os: 'Ubuntu', kind: 'computer' };
  if (/\bLinux\b|\bX11\b/.test(ua)) return { os: 'Linux', kind: 'computer' };
  return { os: null, kind: 'computer' };
}

export function describeUserAgent(userAgent: string | null | undefined): UserAgentInfo {
  const ua = (userAgent ?? '').trim();
  if (!ua) return { browser: null, os: null, kind: 'program', label: '' };
  for (const [name, pattern] of PROGRAMS) {
    const match = pattern.exec(ua);
    if (match) {
      const browser = match[1] ? `${name} ${match[1]}` : name;
      return { browser, os: null, kind: 'program', label: browser };
    }
  }
  const { os, kind } = system(ua);
  let browser: string | null = null;
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  return { browser, os, kind, label: [browser, os].filter(Boolean).join(' · ') };
}
