import NextAuth from 'next-auth';
import { authOptions } from '@/server/auth/next-auth';

type Context = { params: Promise<{ nextauth: string[] }> };

// Options are built per request so that no secret is read while `next build` imports this module.
async function handler(request: Request, context: Context) {
  return NextAuth(authOptions())(request, context);
}

export { handler as GET, handler as POST };
