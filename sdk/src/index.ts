// @clubdata/sdk: the Club Data Service's client (docs/sdk.md).
export { ClubData, OPERATIONS, type IncludeOptIn, type Item, type Params, type RequestBody, type Result } from './client.ts';
export {
  ApiError,
  AuthenticationError,
  ClubDataError,
  ConnectionError,
  CursorExpiredError,
  FeatureNotEnabledError,
  InvalidRequestError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  TimeoutError,
} from './errors.ts';
export { SignalFollower, type FollowOptions, type SignalType, type StreamEvent, type StreamOptions } from './follow.ts';
export type { ClientOptions, ClubDataHooks, RequestEvent, RequestOptions, ResponseEvent, ResponseMeta, WithResponse } from './http.ts';
export { List, type Page } from './list.ts';
export {
  Mirror,
  MIRROR_RESOURCES,
  FOLLOWED_RESOURCES,
  RELISTED_RESOURCES,
  type CopyProgress,
  type MirrorChange,
  type MirrorOptions,
  type MirrorResource,
  type MirrorStats,
} from './mirror/mirror.ts';
export { MemoryStore, type MirrorCursor, type MirrorRecord, type MirrorStore, type MirrorWrite } from './mirror/store.ts';
export type { components, operations, paths, webhooks } from './openapi.ts';
export { verifyWebhook, WebhookVerificationError, type WebhookFailure, type WebhookHeaders } from './webhooks.ts';

import type { components } from './openapi.ts';
type Schemas = components['schemas'];
export type Club = Schemas['Club'];
export type Customer = Schemas['Customer'];
export type Subscription = Schemas['Subscription'];
export type Space = Schemas['Space'];
export type Coach = Schemas['Coach'];
export type ScheduleItem = Schemas['ScheduleItem'];
export type Booking = Schemas['Booking'];
export type Event = Schemas['Event'];
export type Participant = Schemas['Participant'];
export type Order = Schemas['Order'];
export type Transaction = Schemas['Transaction'];
export type SignedWaiver = Schemas['SignedWaiver'];
export type Signal = Schemas['Signal'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
