// The poll builder's orderings (polls/api/polls/sort_sections/ and sort_questions/): the new order
// of every section of a poll, or of every question of a section, saved in one transaction. The list
// must name each of them once — an order that drops or repeats one is refused, so no question is
// ever lost to a reorder. A question that has answers is kept (deactivated, not deleted).
import * as contracts from '@/lib/contracts/polls';
import { prisma } from '@/server/db/client';
import { recordHistoryMany } from '@/server/engine/audit';
import { questionKind } from '@/lib/polls/answers';
import { show } from '@/server/engine/engine';
import { type ActionDefinition, type ResourceDefinition, type WriteContext, defineAction } from '@/server/engine/types';
import { conflict, fieldError } from '@/server/errors';

/** Whether `ids` is exactly `known`, each once. */
export function sameMembers(ids: readonly number[], known: readonly number[]): boolean {
  return ids.length === known.length && new Set(ids).size === ids.length && ids.every((id) => known.includes(id));
}

export const sortSections: ActionDefinition = defineAction(contracts.sortPollSections, {
  needs: 'write',
  handler: async (ctx) => {
    const { input } = ctx;
    return prisma.$transaction(async (tx) => {
      const sections = await tx.pollSection.findMany({ where: { poll_id: input.poll_id }, select: { id: true, section_order: true } });
      if (!sections.length) throw fieldError('poll_id', 'errors.unknown_reference');
      if (!sameMembers(input.ids, sections.map((section) => section.id))) throw fieldError('ids', 'polls.builder.order_incomplete');
      const before = new Map(sections.map((section) => [section.id, section.section_order]));
      const history = [];
      for (const [index, id] of input.ids.entries()) {
        if (before.get(id) === index + 1) continue;
        await tx.pollSection.update({ where: { id }, data: { section_order: index + 1 } });
        history.push({ table: 'poll_sections', recordId: id, type: '~' as const, actor: ctx.actor, changes: [{ field: 'section_order', old: before.get(id), new: index + 1 }] });
      }
      await recordHistoryMany(tx, history);
      return { poll_id: input.poll_id, ids: input.ids };
    });
  },
});

export const sortQuestions: ActionDefinition = defineAction(contracts.sortPollQuestions, {
  needs: 'write',
  handler: async (ctx) => {
    const { input } = ctx;
    return prisma.$transaction(async (tx) => {
      const questions = await tx.pollQuestion.findMany({ where: { section_id: input.section_id }, select: { id: true, question_order: true } });
      if (!questions.length) throw fieldError('section_id', 'errors.unknown_reference');
      if (!sameMembers(input.ids, questions.map((question) => question.id))) throw fieldError('ids', 'polls.builder.order_incomplete');
      const before = new Map(questions.map((question) => [question.id, question.question_order]));
      const history = [];
      for (const [index, id] of input.ids.entries()) {
        if (before.get(id) === index + 1) continue;
        await tx.pollQuestion.update({ where: { id }, data: { question_order: index + 1 } });
        history.push({ table: 'poll_questions', recordId: id, type: '~' as const, actor: ctx.actor, changes: [{ field: 'question_order', old: before.get(id), new: index + 1 }] });
      }
      await recordHistoryMany(tx, history);
      return { section_id: input.section_id, ids: input.ids };
    });
  },
});

/** A question (or a section, or a poll) that has answers stays: staff deactivate it instead. */
export function keepAnswered(where: (id: number) => object) {
  return async ({ tx, existing }: WriteContext): Promise<void> => {
    if (!existing) return;
    const answered = await tx.pollResult.count({ where: where(Number(existing.id)) });
    if (answered) throw conflict('polls.builder.answered');
  };
}

/**
 * GET {id}/structure/: the poll's sections with their questions in order, each question's kind
 * (SCALE, SINGLE, MULTI, OPEN) and options — what the builder edits, its preview and the portal
 * show. Staff see inactive questions too; a student (of a poll applied to them) only active ones.
 */
export function structureAction(polls: () => ResourceDefinition): ActionDefinition {
  return defineAction(contracts.pollStructure, {
    needs: 'read',
    handler: async (ctx) => {
      const poll = await show(polls(), ctx, ctx.params.id);
      const staff = ctx.actor.kind === 'staff';
      const sections = await prisma.pollSection.findMany({
        where: { poll_id: Number(poll.id), status: true },
        orderBy: [{ section_order: 'asc' }, { id: 'asc' }],
        select: {
          id: true,
          title: true,
          section_order: true,
          questions: {
            where: { status: true, ...(staff ? {} : { is_active: true }) },
            orderBy: [{ question_order: 'asc' }, { id: 'asc' }],
            select: { id: true, title: true, subtitle: true, options: true, is_mandatory: true, is_active: true, question_order: true, question_type: { select: { id: true, code: true, name: true } }, _count: { select: { results: true } } },
          },
        },
      });
      return {
        id: poll.id,
        title: poll.title,
        instructions: poll.instructions,
        start_message: poll.start_message,
        end_message: poll.end_message,
        sections: sections.map((section) => ({
          id: section.id,
          title: section.title,
          questions: section.questions.map(({ _count, question_type, ...question }) => ({ ...question, kind: questionKind(question_type?.code), question_type_id: question_type?.id ?? null, answered: staff ? _count.results > 0 : undefined })),
        })),
      };
    },
  });
}
