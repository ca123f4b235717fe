// Shapes of values as the API answers them (server/engine/wire.ts): decimals as strings (exact money
// and grades), dates and instants as ISO strings, ids as integers. Answer schemas are built from
// these, so a contract says what a client really receives.
import { z } from 'zod';

/** A record id. */
export const wireId = z.number().int();
/** An exact decimal as text: "1234.50", "-3", "0.1600". */
export const wireDecimal = z.string().regex(/^-?\d+(\.\d+)?$/);
/** A calendar day, "2026-11-28", or an instant, "2026-11-28T17:05:00.000Z". */
export const wireDate = z.string().regex(/^\d{4}-\d{2}-\d{2}/);
export const wireInstant = z.string().regex(/^\d{4}-\d{2}-\d{2}T/);
/** The answer of a call that only says it was done. */
export const wireDone = z.object({ detail: z.string() });
/** A record as a list or show answers it: its fields by name (the resource's own schema). */
export const wireRecord = z.object({ id: wireId }).catchall(z.unknown());
/** A page of a list (design/api.md): how many rows in all, how many pages, this page's rows. */
export const wirePage = <T extends z.ZodType>(row: T) => z.object({ elements: z.number().int(), pages: z.number().int(), data: z.array(row) });
/** A choice of a drop-down: its id and what it shows. */
export const wireOption = z.object({ id: wireId, name: z.string() }).catchall(z.unknown());
