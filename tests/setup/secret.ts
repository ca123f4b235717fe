/** The secret of the API test runs: the seed encrypts the demo's keys with it, the tests decrypt them. */
export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-for-plantel-tests';
