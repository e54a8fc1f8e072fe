import { Router } from 'express';
import {
  AdminReviewQuerySchema,
  NoQuerySchema,
  ReplyDecisionBodySchema,
  ReviewBodySchema,
  ReviewDecisionBodySchema,
  ReviewIdParamsSchema,
  ReviewPageQuerySchema,
  ReviewReplyBodySchema,
  ReviewReportBodySchema,
  ReviewStandingQuerySchema,
  ServiceIdParamsSchema,
  SlugParamsSchema,
} from '@mealprep/contracts';
import { parseInput, requireRole, requireSignIn, route } from '@mealprep/service-kit';
import { decideReply, decideReview, reviewsForStaff } from '../../domain/reviews/review-moderation';
import { replyToReview, reportReview } from '../../domain/reviews/review-responses';
import { deleteReview, editReview, reviewsOf, reviewStanding, writeReview, type ReviewDeps } from '../../domain/reviews/reviews';

/** Reviews of listings: visitors read them; signed-in visitors write, edit, delete and report; owners reply; staff moderate. */
export function reviewsRouter(deps: ReviewDeps): Router {
  const router = Router();
  router.get(
    '/services/by-slug/:slug/reviews',
    route(async (req, res) => {
      const { page } = parseInput(ReviewPageQuerySchema, req.query, 'query');
      const { slug } = parseInput(SlugParamsSchema, req.params, 'service');
      res.set('cache-control', 'no-cache');
      res.json(await reviewsOf(deps, slug, page));
    }),
  );
  router.get(
    '/services/:id/reviews/mine',
    requireSignIn,
    route(async (req, res) => {
      const { shown } = parseInput(ReviewStandingQuerySchema, req.query, 'query');
      const { id } = parseInput(ServiceIdParamsSchema, req.params, 'service');
      res.set('cache-control', 'no-store');
      res.json(await reviewStanding(deps, req.identity!, id, shown));
    }),
  );
  router.post(
    '/services/:id/reviews',
    requireSignIn,
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { id } = parseInput(ServiceIdParamsSchema, req.params, 'service');
      const body = parseInput(ReviewBodySchema, req.body, 'review');
      res.status(201).json(await writeReview(deps, req.identity!, id, body));
    }),
  );
  router.patch(
    '/reviews/:id',
    requireSignIn,
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { id } = parseInput(ReviewIdParamsSchema, req.params, 'review');
      const body = parseInput(ReviewBodySchema, req.body, 'review');
      res.json(await editReview(deps, req.identity!, id, body));
    }),
  );
  router.delete(
    '/reviews/:id',
    requireSignIn,
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { id } = parseInput(ReviewIdParamsSchema, req.params, 'review');
      await deleteReview(deps, req.identity!, id);
      res.status(204).end();
    }),
  );
  router.post(
    '/reviews/:id/reply',
    requireSignIn,
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { id } = parseInput(ReviewIdParamsSchema, req.params, 'review');
      const { text } = parseInput(ReviewReplyBodySchema, req.body, 'reply');
      res.status(201).json(await replyToReview(deps, req.identity!, id, text));
    }),
  );
  router.post(
    '/reviews/:id/reports',
    requireSignIn,
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { id } = parseInput(ReviewIdParamsSchema, req.params, 'review');
      const { reason } = parseInput(ReviewReportBodySchema, req.body, 'report');
      res.status(201).json(await reportReview(deps, req.identity!, id, reason));
    }),
  );
  router.get(
    '/admin/reviews',
    requireRole('admin'),
    route(async (req, res) => {
      const { status, page } = parseInput(AdminReviewQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-store');
      res.json(await reviewsForStaff(deps, status, page));
    }),
  );
  router.post(
    '/admin/reviews/:id/decision',
    requireRole('admin'),
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { id } = parseInput(ReviewIdParamsSchema, req.params, 'review');
      const body = parseInput(ReviewDecisionBodySchema, req.body, 'decision');
      res.json(await decideReview(deps, req.identity!, id, body.decision, body.reason));
    }),
  );
  router.post(
    '/admin/reviews/:id/reply-decision',
    requireRole('admin'),
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { id } = parseInput(ReviewIdParamsSchema, req.params, 'review');
      const body = parseInput(ReplyDecisionBodySchema, req.body, 'decision');
      res.json(await decideReply(deps, req.identity!, id, body.decision, body.reason));
    }),
  );
  return router;
}
