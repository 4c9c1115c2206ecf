import {
  amlCaseDetailSchema,
  amlCaseQuerySchema,
  amlCaseSchema,
  amlFreezeSchema,
  amlNoteSchema,
  amlReasonSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { adminActorOf } from '../../lib/request-auth.js';
import { ok, okPage, pagedResponses, recordIdParams, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { addNote, assignToMe, closeCase, escalate } from './cases/case-service.js';
import { caseDetail, caseQueue } from './cases/case-view.js';
import { setWithdrawalPause } from './cases/pause-service.js';
import { strRoutes } from './str/str-routes.js';

const detail = responses({ 200: amlCaseDetailSchema });

/**
 * The anti-money-laundering case queue, under /admin/aml (issue 52): the cases the rules opened,
 * each worked by an admin (assign, note, escalate, close with a reason: a high-risk case by two
 * different admins), its accounts' withdrawals paused or resumed, its STRs filed. Every action is
 * in the audit trail.
 */
export const adminAmlRoutes: RouteGroup = {
  prefix: '/admin/aml',
  access: 'admin',
  routes: async (app) => {
    const { ctx } = app;

    app.get('/cases', {
      schema: {
        summary: 'Cases, newest first: open and escalated ones by default',
        querystring: amlCaseQuerySchema,
        response: pagedResponses(z.array(amlCaseSchema)),
      },
      handler: async (request) => {
        const { status, page, page_size: pageSize } = request.query;
        const { data, total } = await caseQueue(ctx, status, { page, pageSize });
        return okPage(data, total);
      },
    });

    app.get('/cases/:id', {
      schema: {
        summary: 'A case: its facts, history, close approvals, paused accounts and STRs',
        params: recordIdParams,
        response: detail,
      },
      handler: async (request) => ok(200, 'OK', await caseDetail(ctx, request.params.id)),
    });

    app.post('/cases/:id/assign', {
      schema: { summary: 'Take the case', params: recordIdParams, response: detail },
      handler: async (request) =>
        ok(200, 'Case assigned', await assignToMe(ctx, adminActorOf(request), request.params.id)),
    });

    app.post('/cases/:id/notes', {
      schema: {
        summary: 'Add a note',
        params: recordIdParams,
        body: amlNoteSchema,
        response: detail,
      },
      handler: async (request) => {
        const { id } = request.params;
        return ok(
          200,
          'Note added',
          await addNote(ctx, adminActorOf(request), id, request.body.note),
        );
      },
    });

    const REASONED = [
      {
        path: '/cases/:id/escalate',
        summary: 'Escalate the case',
        run: escalate,
        done: 'Case escalated',
      },
      {
        path: '/cases/:id/close',
        summary:
          'Close the case with a reason; a high-risk case closes on the second different admin (the first is kept as an approval)',
        run: closeCase,
        done: 'Case updated',
      },
    ] as const;
    for (const { path, summary, run, done } of REASONED)
      app.post(path, {
        schema: { summary, params: recordIdParams, body: amlReasonSchema, response: detail },
        handler: async (request) => {
          const admin = adminActorOf(request);
          return ok(200, done, await run(ctx, admin, request.params.id, request.body.reason));
        },
      });

    for (const pause of [true, false])
      app.post(pause ? '/cases/:id/pause-withdrawals' : '/cases/:id/resume-withdrawals', {
        schema: {
          summary: pause
            ? "Pause an account's withdrawals (crypto and rupees, web and API) while the case is reviewed; the user is told only that they are paused"
            : "Resume an account's withdrawals",
          params: recordIdParams,
          body: amlFreezeSchema,
          response: detail,
        },
        handler: async (request) => {
          const { user_id: userId, reason } = request.body;
          const input = { caseId: request.params.id, userId, reason };
          const answer = await setWithdrawalPause(ctx, adminActorOf(request), input, pause);
          return ok(200, pause ? 'Withdrawals paused' : 'Withdrawals resumed', answer);
        },
      });

    await app.register(strRoutes);
  },
};
