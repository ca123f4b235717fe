// The header the app's own API client sends with every call. A foreign page cannot add a custom
// header to a request that carries our cookie without a CORS preflight we never grant, so the
// server takes it as proof that a cookie call comes from our screens (server/http/origin.ts), also
// over plain http, where browsers send no Sec-Fetch-Site and a GET carries no Origin.
export const OWN_CLIENT_HEADER = 'X-Plantel-Client';
