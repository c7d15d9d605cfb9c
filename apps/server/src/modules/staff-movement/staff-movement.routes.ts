import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, notFound } from '@staff-portal/shared/errors';
import {
  delegateCandidateSchema,
  delegationInputSchema,
  delegationSchema,
  icalFeedInputSchema,
  icalFeedSchema,
  movementCalendarQuerySchema,
  movementCalendarSchema,
  movementInputSchema,
  movementSchema,
  myDelegationsSchema,
} from '@staff-portal/shared/staff-movement';
import type { Database } from '../../db/client';
import { auditActorOf, currentUser } from '../../plugins/auth';
import { createClock } from '../../clock';
import { createStaffRecordService } from '../staff-records/staff-records.public';
import { createStaffMovementService } from './staff-movement.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const security = [{ bearerIdToken: [] }];
const tags = ['leave'];
const idParams = z.object({ id: z.coerce.number().int().min(1, 'must be a positive id') });
/** A feed token (32 bytes, base64url: 43 characters) followed by `.ics`. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

export interface StaffMovementRoutesOptions {
  database: Database;
  timeZone: string;
  publicUrl: string;
}

/**
 * Staff movement, acting approvers and iCal feeds (docs/product/screens.md, docs/product/leave.md), under `/api/leave`.
 * Every route needs the SHARED guard except the feed itself, which calendar programs fetch
 * without a token: its secret address is the credential, and revoking it ends access.
 */
export const staffMovementRoutes: FastifyPluginAsyncZod<StaffMovementRoutesOptions> = async (
  app,
  { database, timeZone, publicUrl },
) => {
  const service = createStaffMovementService({
    database,
    clock: createClock(timeZone),
    staffRecords: createStaffRecordService({ database }),
    publicUrl,
  });
  const shared = app.authenticate({ guards: ['SHARED'] });

  app.post(
    '/leave/movements',
    {
      onRequest: shared,
      schema: {
        tags,
        security,
        summary: 'Record a movement of mine (outstation, meeting, training, site visit, work from home)',
        body: movementInputSchema,
        response: { 201: movementSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createMovement(auditActorOf(request), request.body)),
  );

  app.delete(
    '/leave/movements/:id',
    {
      onRequest: shared,
      schema: {
        tags,
        security,
        summary: 'Delete a movement of mine',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteMovement(auditActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/leave/movement',
    {
      onRequest: shared,
      config: { readCache: true },
      schema: {
        tags,
        security,
        summary: 'Who is away per day (leave and movements) in a department; at most 42 days',
        querystring: movementCalendarQuerySchema,
        response: { 200: movementCalendarSchema, ...errors },
      },
    },
    async (request) => service.calendar(app.callerOf(request), request.query),
  );

  app.get(
    '/leave/delegations',
    {
      onRequest: shared,
      schema: {
        tags,
        security,
        summary: 'My acting-approver delegations, and those where I act for someone',
        response: { 200: myDelegationsSchema, ...errors },
      },
    },
    async (request) => service.delegations(currentUser(request)),
  );

  app.get(
    '/leave/delegations/candidates',
    {
      onRequest: shared,
      schema: {
        tags,
        security,
        summary: 'Active staff I may name as acting approver, by name or id',
        querystring: z.object({ search: z.string().trim().max(100).optional() }),
        response: { 200: z.array(delegateCandidateSchema), ...errors },
      },
    },
    async (request) => service.delegateCandidates(currentUser(request), request.query.search),
  );

  app.post(
    '/leave/delegations',
    {
      onRequest: shared,
      schema: {
        tags,
        security,
        summary: 'Name an acting approver for a range of dates',
        body: delegationInputSchema,
        response: { 201: delegationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createDelegation(auditActorOf(request), request.body)),
  );

  app.delete(
    '/leave/delegations/:id',
    {
      onRequest: shared,
      schema: {
        tags,
        security,
        summary: 'Remove a delegation of mine',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteDelegation(auditActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/leave/ical-feeds',
    {
      onRequest: shared,
      schema: {
        tags,
        security,
        summary: 'My private iCal feed addresses (not revoked)',
        response: { 200: z.array(icalFeedSchema), ...errors },
      },
    },
    async (request) => service.feeds(currentUser(request)),
  );

  app.post(
    '/leave/ical-feeds',
    {
      onRequest: shared,
      schema: {
        tags,
        security,
        summary: 'A new private iCal feed: my leave, or who is away in a department',
        body: icalFeedInputSchema,
        response: { 201: icalFeedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createFeed(app.callerOf(request), request.body, request.id)),
  );

  app.delete(
    '/leave/ical-feeds/:id',
    {
      onRequest: shared,
      schema: {
        tags,
        security,
        summary: 'Revoke a feed of mine',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.revokeFeed(auditActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/leave/ical/:file',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'A private iCal feed (text/calendar); its address is its secret',
        params: z.object({ file: z.string().max(100) }),
        response: { 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const token = FEED_FILE.exec(request.params.file)?.[1];
      const body = token === undefined ? undefined : await service.feedCalendar(token);
      if (body === undefined) throw notFound('There is no such calendar feed.');
      return (
        reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('cache-control', 'private, max-age=300')
          // Text, not JSON: the response schema documents the 404 only.
          .send(body as never)
      );
    },
  );
};
