#!/bin/sh
# Stands in for Prisma's native schema engine, whose download is not reachable on machines that
# only see the npm registry. generate/validate/format never call it; migrations run through
# scripts/db (WebAssembly engine for diffs, plain SQL to apply).
echo "Plantel: use npm run db:migration / db:migrate instead of prisma migrate" >&2
exit 1
