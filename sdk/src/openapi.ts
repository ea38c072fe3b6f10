// Generated from the service's OpenAPI document by `npm run sdk:types` (sdk/scripts/types.ts).
// Do not edit: the tests fail when this file differs from what the document makes.
export interface paths {
    "/v1/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List bookings
         * @description Court bookings, oldest first. Confirmed bookings only, unless include=canceled.
         */
        get: operations["listBookings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a booking
         * @description Cancelled bookings too, with status canceled and canceled_at set. An event id gives 404: events are at /v1/events/{id}.
         */
        get: operations["retrieveBooking"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/club": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve the club
         * @description The key's club. Its timezone is the one that interprets times from the other endpoints.
         */
        get: operations["retrieveClub"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/coaches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List coaches
         * @description Coaches in display order, not paginated. Active coaches only unless include=archived; other include values are ignored.
         */
        get: operations["listCoaches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/coaches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a coach
         * @description Archived coaches too.
         */
        get: operations["retrieveCoach"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers
         * @description Customers with a club relationship, oldest relationship first. Archived customers only with include=archived.
         */
        get: operations["listCustomers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a customer
         * @description Archived customers too, with archived_at set.
         */
        get: operations["retrieveCustomer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Events (leagues, clinics, camps...), oldest first, each as GET /v1/events/{id} shows it. Cancelled events only with include=canceled.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an event
         * @description The whole event: every session with its time slots, the counts, tags and host. Cancelled events too, with canceled_at set. The roster is at /v1/events/{id}/participants.
         */
        get: operations["retrieveEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/participants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an event's participants
         * @description The roster, oldest join first. Removed participants only with include=removed. starting_after must be a participant of this event.
         */
        get: operations["listEventParticipants"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/participants/{participant_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a participant
         * @description One roster entry, removed ones too (with removed_at set). A participant of another event, an event of another club and an unknown id all give the same 404.
         */
        get: operations["retrieveEventParticipant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List orders
         * @description Orders, oldest first, each with its line items. customer_id keeps one customer's orders; created_after and created_before bound created_at, both inclusive.
         */
        get: operations["listOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an order
         * @description The order with its line items.
         */
        get: operations["retrieveOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portal_sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a portal session
         * @description A single-use link to the club's webhook portal (docs/portal.md), valid for 10 minutes, for a person who should see (read_only) or manage their endpoints without an API key in their browser. The session it starts lasts an hour, holds this key's scopes and no more, and ends when the key is revoked or the session deleted.
         */
        post: operations["createPortalSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portal_sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End a portal session
         * @description Its link stops working, and so does the session if it was started: the next request of its pages is refused.
         */
        delete: operations["deletePortalSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the schedule
         * @description Event sessions and court bookings (type reservation) whose start falls in one club-local day (date, default today) or in the inclusive window starts_after..starts_before (at most 31 days), ordered by start then id. One item per event session: a multi-day event gives several items with the same event_id. Cancelled events and bookings are left out. Not paginated.
         */
        get: operations["listSchedule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/signal_types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List signal types
         * @description The signal catalogue: each type with the scope a key or endpoint needs to see it, what it says happened, and the JSON Schema of its data.object. Needs no key.
         */
        get: operations["listSignalTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/signals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List signals
         * @description The signal history, oldest first by sequence (order=desc for latest first). Signals whose scope the key lacks are omitted. Entries are the stored copies, exactly as delivered. after_sequence (or starting_after) resumes after a point; 410 cursor_expired when retention has removed signals after it.
         */
        get: operations["listSignals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/signals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a signal
         * @description One signal exactly as stored at emit time.
         */
        get: operations["retrieveSignal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/signals/{id}/attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a signal's delivery attempts
         * @description Every HTTP attempt to deliver the signal, to every endpoint of the club, newest first: the signal's fate at a glance. Only endpoints whose every scope the key holds are shown, as their own attempts logs need; a deleted endpoint's attempts are not. outcome narrows the list; starting_after must be an attempt of this signal. 404 for a signal the key may not read, or one retention removed.
         */
        get: operations["listSignalAttempts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/signals/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream signals as they commit
         * @description Server-sent events: one `event: signal` per signal in sequence order, `id:` its sequence, `data:` the stored copy exactly as GET /v1/signals/{id} returns it; signals whose scope the key lacks are left out. Resumes after Last-Event-ID or after_sequence (410 cursor_expired, as a normal error response, when retention removed signals after it); without either, starts at the club’s current sequence, sent at once as `event: watermark`. A stream that has sent nothing for 15 s sends a heartbeat comment and `event: watermark` with `id:` the sequence it has reached: resuming from it loses nothing. At most 5 streams per key (429 for another). Ends when the key is revoked and when the server shuts down: reconnect with Last-Event-ID.
         */
        get: operations["streamSignals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List spaces
         * @description Every bookable court and room of the club, whatever its visibility, in the club's display order. Not paginated; no parameters.
         */
        get: operations["listSpaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List transactions
         * @description The money-movement ledger, oldest first. created_after and created_before bound each transaction's own created_at, both inclusive: a refund counts at its own time, so summing amount over a window gives that window's net cash movement.
         */
        get: operations["listTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/waivers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List signed waivers
         * @description The waiver log, oldest signature first. created_after and created_before bound signed_at, both inclusive. Each entry carries its status, computed when read.
         */
        get: operations["listWaivers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Every webhook endpoint of the club, oldest first. Not paginated.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Registers a URL to receive the signals emitted from now on whose type is subscribed to and whose scope the endpoint holds, optionally with its delivery options (ordering, max_in_flight, rate_limit). The answer carries the signing secret, shown only here and after a rotation.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a webhook endpoint
         * @description The endpoint without its secret. A deleted endpoint gives 404.
         */
        get: operations["retrieveWebhookEndpoint"];
        put?: never;
        /**
         * Update a webhook endpoint
         * @description Changes the given fields, checked as on creation. status=disabled stops deliveries (disabled_reason requested; pending deliveries are canceled); status=active re-enables a disabled endpoint. max_in_flight or rate_limit null sets it back to the default; ordering cannot be null. Needs a key holding every scope of the endpoint. An empty body is 400 parameter_missing with param body.
         */
        post: operations["updateWebhookEndpoint"];
        /**
         * Delete a webhook endpoint
         * @description Deliveries stop at once, scheduled retries included. The endpoint leaves the list and its GET gives 404; its delivery history is kept for operators. Needs a key holding every scope of the endpoint.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a webhook endpoint's delivery attempts
         * @description Every HTTP attempt to deliver to the endpoint, newest first. starting_after must be an attempt of this endpoint. outcome, signal_type, created_after and created_before (both inclusive, on attempted_at) narrow the list. Needs a key holding every scope of the endpoint: the receiver's answers may echo the signals.
         */
        get: operations["listWebhookEndpointAttempts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/attempts/{attempt_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve one of a webhook endpoint's delivery attempts
         * @description One attempt as the attempts log shows it. Needs a key holding every scope of the endpoint, as the log does.
         */
        get: operations["retrieveWebhookEndpointAttempt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a webhook endpoint's health and sync
         * @description The attempts of the last 24 hours and how many succeeded, and how far the endpoint is behind the club's signal history: the sequence it has received everything through, and the signals pending or unsent after it (docs/webhooks.md, "Health and sync"). Shows counts, no signal.
         */
        get: operations["retrieveWebhookEndpointHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-send missed signals to a webhook endpoint
         * @description Queues again every signal emitted in [since, until] (both inclusive; until defaults to now) that the endpoint matches and that was never delivered to it successfully. since may go back as far as signals are kept. The endpoint must be active. Needs a key holding every scope of the endpoint.
         */
        post: operations["recoverWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one signal to a webhook endpoint again
         * @description Queues the signal for the endpoint again, whatever became of its delivery (succeeded, given up, waiting for a retry), from the first attempt of the retry schedule. The receiver gets the same webhook-id, in the endpoint's ordering and at its pace. 404 for a signal the key may not read or that retention removed; 400 for one the endpoint does not subscribe to. The endpoint must be active. Needs a key holding every scope of the endpoint.
         */
        post: operations["resendWebhookEndpointSignal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's secret
         * @description Issues a new signing secret (v1: shown only in this answer) or signing key (v1a: its public_key on the endpoint), of the endpoint's scheme or of the signature_scheme asked for, which the endpoint then signs by. The previous one keeps signing, by its own scheme, beside the new one for 24 hours; a second rotation within them retires the oldest at once. The body is optional. Needs a key holding every scope of the endpoint.
         */
        post: operations["rotateWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test signal to a webhook endpoint
         * @description Posts one signed test signal (type webhook_endpoint.test, sequence 0, the endpoint as its data.object; in no history) to the endpoint now, as a delivery is posted, and answers with it and its attempt, which the attempts log also shows. Not retried; changes no delivery and nothing of the endpoint's health. A disabled endpoint may be tested too. The body is optional. Needs a key holding every scope of the endpoint.
         */
        post: operations["testWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "booking.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * booking.canceled
         * @description A booking was canceled; it keeps its courts and times as they stood. Delivered to every endpoint subscribed to booking.canceled whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.booking.canceled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "booking.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * booking.created
         * @description A court was booked. Delivered to every endpoint subscribed to booking.created whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.booking.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "booking.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * booking.updated
         * @description A booking changed: times, courts, title, party (previous_attributes holds the earlier values). Delivered to every endpoint subscribed to booking.updated whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.booking.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "club.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * club.updated
         * @description The club's name or timezone changed (previous_attributes holds the earlier values). A new timezone changes the local times every booking and event shows. Delivered to every endpoint subscribed to club.updated whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.club.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "coach.archived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * coach.archived
         * @description A coach was archived (or removed); the last representation is in data.object. Delivered to every endpoint subscribed to coach.archived whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.coach.archived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "coach.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * coach.created
         * @description A coach was added. Delivered to every endpoint subscribed to coach.created whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.coach.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "coach.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * coach.updated
         * @description A coach's details changed (previous_attributes holds the earlier values). Delivered to every endpoint subscribed to coach.updated whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.coach.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.archived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.archived
         * @description A customer was archived; the record stays readable with archived_at set. Delivered to every endpoint subscribed to customer.archived whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.customer.archived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.created
         * @description A person became a customer of the club. Delivered to every endpoint subscribed to customer.created whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.customer.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.updated
         * @description A customer's details changed (previous_attributes holds the earlier values). Delivered to every endpoint subscribed to customer.updated whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.customer.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * event.created
         * @description An event (league, clinic, class, ...) was created. Delivered to every endpoint subscribed to event.created whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.event.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * event.updated
         * @description An event changed: sessions, roster size, details (previous_attributes holds the earlier values). Delivered to every endpoint subscribed to event.updated whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.event.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.created
         * @description An order was placed (its line items and amount as they stood when it committed). Delivered to every endpoint subscribed to order.created whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.order.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.updated
         * @description An order changed: its status (paid, refunded, void, ...) or its line items (previous_attributes holds the earlier values). Delivered to every endpoint subscribed to order.updated whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.order.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "participant.checked_in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * participant.checked_in
         * @description A participant was checked in at the event. Delivered to every endpoint subscribed to participant.checked_in whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.participant.checked_in"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "participant.joined": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * participant.joined
         * @description Someone joined an event's roster. Delivered to every endpoint subscribed to participant.joined whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.participant.joined"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "participant.left": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * participant.left
         * @description Someone left an event's roster (removed_at set). Delivered to every endpoint subscribed to participant.left whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.participant.left"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "space.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * space.created
         * @description A court or other bookable space was added. Delivered to every endpoint subscribed to space.created whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.space.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "space.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * space.updated
         * @description A space changed: its name, category or visibility (previous_attributes holds the earlier values). Delivered to every endpoint subscribed to space.updated whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.space.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.canceled
         * @description A subscription was canceled (now, or at the end of its period). Delivered to every endpoint subscribed to subscription.canceled whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.subscription.canceled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.created
         * @description A customer took out a subscription (membership, package, ...). Delivered to every endpoint subscribed to subscription.created whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.subscription.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.expired
         * @description A subscription ended at the end of its term. Delivered to every endpoint subscribed to subscription.expired whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.subscription.expired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.past_due": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.past_due
         * @description A payment for a subscription failed; it is past due. Delivered to every endpoint subscribed to subscription.past_due whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.subscription.past_due"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.renewed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.renewed
         * @description A subscription began a new period (current_period_end moved on). Delivered to every endpoint subscribed to subscription.renewed whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.subscription.renewed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.updated
         * @description A subscription changed in a way no more specific type names (previous_attributes holds the earlier values). Delivered to every endpoint subscribed to subscription.updated whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.subscription.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transaction.created
         * @description Money moved: a charge, or a refund (its own transaction, with a negative amount). Delivered to every endpoint subscribed to transaction.created whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.transaction.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "waiver.signed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * waiver.signed
         * @description A customer signed a waiver. Delivered to every endpoint subscribed to waiver.signed whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.waiver.signed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "waiver.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * waiver.updated
         * @description A signed waiver changed status because of a write: staff invalidated it, or the club raised the version it requires or shortened its validity. Expiry by time alone is not signalled. Delivered to every endpoint subscribed to waiver.updated whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.waiver.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook_endpoint.disabled
         * @description Another endpoint of the club was disabled: nothing is sent to it until it is enabled (disabled_reason says why). Delivered to every endpoint subscribed to webhook_endpoint.disabled whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.webhook_endpoint.disabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook_endpoint.enabled
         * @description Another endpoint of the club was enabled again after being disabled. Delivered to every endpoint subscribed to webhook_endpoint.enabled whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.webhook_endpoint.enabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.failing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook_endpoint.failing
         * @description Another endpoint of the club is failing: its fourth delivery attempt in a row failed (health.failing_since, health.disable_at). Delivered to every endpoint subscribed to webhook_endpoint.failing whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.webhook_endpoint.failing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.recovered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook_endpoint.recovered
         * @description Another endpoint of the club that was failing delivered again (outage: how long, what was given up, the window to recover). Delivered to every endpoint subscribed to webhook_endpoint.recovered whose scopes cover it, signed the Standard Webhooks way; the body is byte for byte the stored signal (GET /v1/signals/{id}). Answer 2xx within 15 s; anything else is retried on the schedule of docs/webhooks.md, and 410 disables the endpoint.
         */
        post: operations["deliver.webhook_endpoint.recovered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description A court booked by a customer */
        Booking: {
            /**
             * @description Club-local day, YYYY-MM-DD
             * @example 2026-11-21
             */
            business_date: string;
            canceled_at: string | null;
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created_at: string;
            customer_id: string;
            /**
             * @description Club-local time with the club's UTC offset at that instant
             * @example 2026-03-08T09:00:00-04:00
             */
            end: string;
            id: string;
            max_participants: number;
            /** @enum {string} */
            object: "booking";
            open: boolean;
            participant_count: number;
            party_size: number;
            /** @example private */
            privacy: string;
            /** @description A cancelled booking keeps its courts and times as they stood at cancellation */
            spaces: components["schemas"]["BookingSpace"][];
            /** @description max_participants - participant_count, never below 0 */
            spots_available: number;
            /**
             * @description Club-local time with the club's UTC offset at that instant
             * @example 2026-03-08T09:00:00-04:00
             */
            start: string;
            /**
             * @description canceled comes with canceled_at set
             * @enum {unknown}
             */
            status: "confirmed" | "canceled";
            title: string | null;
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            updated_at: string;
        };
        /** @description A booking was canceled; it keeps its courts and times as they stood. */
        BookingCanceledSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Booking"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "booking.canceled";
        };
        /** @description A court was booked. */
        BookingCreatedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Booking"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "booking.created";
        };
        BookingSpace: {
            /**
             * @description Club-local time with the club's UTC offset at that instant
             * @example 2026-03-08T09:00:00-04:00
             */
            end: string;
            id: string;
            name: string;
            /**
             * @description Club-local time with the club's UTC offset at that instant
             * @example 2026-03-08T09:00:00-04:00
             */
            start: string;
        };
        /** @description A booking changed: times, courts, title, party (previous_attributes holds the earlier values). */
        BookingUpdatedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Booking"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The previous values of the top-level attributes that changed */
            previous_attributes: {
                /**
                 * @description Club-local day, YYYY-MM-DD
                 * @example 2026-11-21
                 */
                business_date?: string;
                canceled_at?: string | null;
                /**
                 * @description UTC timestamp, millisecond precision, trailing Z
                 * @example 2026-11-21T18:04:05.120Z
                 */
                created_at?: string;
                customer_id?: string;
                /**
                 * @description Club-local time with the club's UTC offset at that instant
                 * @example 2026-03-08T09:00:00-04:00
                 */
                end?: string;
                id?: string;
                max_participants?: number;
                /** @enum {string} */
                object?: "booking";
                open?: boolean;
                participant_count?: number;
                party_size?: number;
                /** @example private */
                privacy?: string;
                /** @description A cancelled booking keeps its courts and times as they stood at cancellation */
                spaces?: components["schemas"]["BookingSpace"][];
                /** @description max_participants - participant_count, never below 0 */
                spots_available?: number;
                /**
                 * @description Club-local time with the club's UTC offset at that instant
                 * @example 2026-03-08T09:00:00-04:00
                 */
                start?: string;
                /**
                 * @description canceled comes with canceled_at set
                 * @enum {unknown}
                 */
                status?: "confirmed" | "canceled";
                title?: string | null;
                /**
                 * @description UTC timestamp, millisecond precision, trailing Z
                 * @example 2026-11-21T18:04:05.120Z
                 */
                updated_at?: string;
            };
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "booking.updated";
        };
        Club: {
            id: string;
            name: string;
            /** @enum {string} */
            object: "club";
            /**
             * @description IANA timezone name; it interprets the schedule times of every other endpoint
             * @example America/New_York
             */
            timezone: string;
        };
        /** @description The club's name or timezone changed (previous_attributes holds the earlier values). A new timezone changes the local times every booking and event shows. */
        ClubUpdatedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Club"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The previous values of the top-level attributes that changed */
            previous_attributes: {
                id?: string;
                name?: string;
                /** @enum {string} */
                object?: "club";
                /**
                 * @description IANA timezone name; it interprets the schedule times of every other endpoint
                 * @example America/New_York
                 */
                timezone?: string;
            };
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "club.updated";
        };
        Coach: {
            /** @description URL of the portrait; empty when the coach has none */
            avatar_url: string;
            bio: string;
            id: string;
            last_name: string;
            lesson_booking_enabled: boolean;
            /** @description The coach's first name */
            name: string;
            /** @enum {string} */
            object: "coach";
            slug: string;
            /**
             * @description active, or archived for coaches no longer listed
             * @example active
             */
            status: string;
            title: string;
        };
        /** @description A coach was archived (or removed); the last representation is in data.object. */
        CoachArchivedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Coach"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "coach.archived";
        };
        /** @description A coach was added. */
        CoachCreatedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Coach"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "coach.created";
        };
        /** @description A coach's details changed (previous_attributes holds the earlier values). */
        CoachUpdatedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Coach"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The previous values of the top-level attributes that changed */
            previous_attributes: {
                /** @description URL of the portrait; empty when the coach has none */
                avatar_url?: string;
                bio?: string;
                id?: string;
                last_name?: string;
                lesson_booking_enabled?: boolean;
                /** @description The coach's first name */
                name?: string;
                /** @enum {string} */
                object?: "coach";
                slug?: string;
                /**
                 * @description active, or archived for coaches no longer listed
                 * @example active
                 */
                status?: string;
                title?: string;
            };
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "coach.updated";
        };
        Customer: {
            archived_at: string | null;
            email: string;
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            first_became_customer_at: string;
            first_name: string;
            id: string;
            last_name: string;
            /** @enum {string} */
            object: "customer";
            phone: string;
            subscriptions: components["schemas"]["Subscription"][];
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            updated_at: string;
        };
        /** @description A customer was archived; the record stays readable with archived_at set. */
        CustomerArchivedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Customer"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "customer.archived";
        };
        /** @description A person became a customer of the club. */
        CustomerCreatedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Customer"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "customer.created";
        };
        /** @description A customer's details changed (previous_attributes holds the earlier values). */
        CustomerUpdatedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Customer"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The previous values of the top-level attributes that changed */
            previous_attributes: {
                archived_at?: string | null;
                email?: string;
                /**
                 * @description UTC timestamp, millisecond precision, trailing Z
                 * @example 2026-11-21T18:04:05.120Z
                 */
                first_became_customer_at?: string;
                first_name?: string;
                id?: string;
                last_name?: string;
                /** @enum {string} */
                object?: "customer";
                phone?: string;
                subscriptions?: components["schemas"]["Subscription"][];
                /**
                 * @description UTC timestamp, millisecond precision, trailing Z
                 * @example 2026-11-21T18:04:05.120Z
                 */
                updated_at?: string;
            };
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "customer.updated";
        };
        DeletedPortalSession: {
            /** @enum {boolean} */
            deleted: true;
            id: string;
            /** @enum {string} */
            object: "portal_session";
        };
        DeletedWebhookEndpoint: {
            /** @enum {boolean} */
            deleted: true;
            id: string;
            /** @enum {string} */
            object: "webhook_endpoint";
        };
        /** @description Every error response */
        ErrorEnvelope: {
            error: {
                code: string;
                message: string;
                param?: string;
                request_id: string;
                type: string;
            };
        };
        /** @description A club program (league, clinic, open play, ...). start and end span its sessions (first start, last end) and are null while it has none. */
        Event: {
            canceled_at: string | null;
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created_at: string;
            end: string | null;
            /** @example league */
            event_type: string;
            host: components["schemas"]["Host"];
            id: string;
            max_participants: number;
            /** @enum {string} */
            object: "event";
            open: boolean;
            /** @description Participants on the roster (removed ones do not count) */
            participant_count: number;
            /** @example public */
            privacy: string;
            /** @description In date order */
            sessions: components["schemas"]["EventSession"][];
            /** @description max_participants - participant_count, never below 0 */
            spots_available: number;
            start: string | null;
            tags: components["schemas"]["Tag"][];
            title: string;
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            updated_at: string;
        };
        /** @description An event (league, clinic, class, ...) was created. */
        EventCreatedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Event"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "event.created";
        };
        EventSession: {
            /**
             * @description Club-local day, YYYY-MM-DD
             * @example 2026-11-21
             */
            business_date: string;
            /**
             * @description Club-local time with the club's UTC offset at that instant
             * @example 2026-03-08T09:00:00-04:00
             */
            end: string;
            /**
             * @description Club-local time with the club's UTC offset at that instant
             * @example 2026-03-08T09:00:00-04:00
             */
            start: string;
            time_slots: components["schemas"]["TimeSlot"][];
        };
        /** @description An event changed: sessions, roster size, details (previous_attributes holds the earlier values). */
        EventUpdatedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Event"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The previous values of the top-level attributes that changed */
            previous_attributes: {
                canceled_at?: string | null;
                /**
                 * @description UTC timestamp, millisecond precision, trailing Z
                 * @example 2026-11-21T18:04:05.120Z
                 */
                created_at?: string;
                end?: string | null;
                /** @example league */
                event_type?: string;
                host?: components["schemas"]["Host"];
                id?: string;
                max_participants?: number;
                /** @enum {string} */
                object?: "event";
                open?: boolean;
                /** @description Participants on the roster (removed ones do not count) */
                participant_count?: number;
                /** @example public */
                privacy?: string;
                /** @description In date order */
                sessions?: components["schemas"]["EventSession"][];
                /** @description max_participants - participant_count, never below 0 */
                spots_available?: number;
                start?: string | null;
                tags?: components["schemas"]["Tag"][];
                title?: string;
                /**
                 * @description UTC timestamp, millisecond precision, trailing Z
                 * @example 2026-11-21T18:04:05.120Z
                 */
                updated_at?: string;
            };
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "event.updated";
        };
        /** @description An event's host, or a reservation's customer */
        Host: {
            customer_id: string;
            first_name: string;
            last_name: string;
        };
        Order: {
            /** @description Minor units: the sum of the line items */
            amount: number;
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created_at: string;
            /**
             * @description ISO 4217 code, lower case
             * @example usd
             */
            currency: string;
            customer_id: string;
            id: string;
            /** @description The itemised purchase, in order */
            line_items: components["schemas"]["OrderLineItem"][];
            /** @enum {string} */
            object: "order";
            /**
             * @description open, paid, partially_refunded, refunded or void
             * @example paid
             */
            status: string;
        };
        /** @description An order was placed (its line items and amount as they stood when it committed). */
        OrderCreatedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Order"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "order.created";
        };
        OrderLineItem: {
            /** @description quantity × unit_amount, minor units */
            amount: number;
            description: string;
            quantity: number;
            /** @description Minor units */
            unit_amount: number;
        };
        /** @description An order changed: its status (paid, refunded, void, ...) or its line items (previous_attributes holds the earlier values). */
        OrderUpdatedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Order"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The previous values of the top-level attributes that changed */
            previous_attributes: {
                /** @description Minor units: the sum of the line items */
                amount?: number;
                /**
                 * @description UTC timestamp, millisecond precision, trailing Z
                 * @example 2026-11-21T18:04:05.120Z
                 */
                created_at?: string;
                /**
                 * @description ISO 4217 code, lower case
                 * @example usd
                 */
                currency?: string;
                customer_id?: string;
                id?: string;
                /** @description The itemised purchase, in order */
                line_items?: components["schemas"]["OrderLineItem"][];
                /** @enum {string} */
                object?: "order";
                /**
                 * @description open, paid, partially_refunded, refunded or void
                 * @example paid
                 */
                status?: string;
            };
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "order.updated";
        };
        /** @description A roster entry of an event */
        Participant: {
            /**
             * @description not_checked_in, checked_in or no_show
             * @example checked_in
             */
            check_in_status: string;
            customer_id: string;
            email: string;
            event_id: string;
            first_name: string;
            /** @description Roster-entry id */
            id: string;
            last_name: string;
            /** @enum {string} */
            object: "participant";
            removed_at: string | null;
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            updated_at: string;
        };
        /** @description A participant was checked in at the event. */
        ParticipantCheckedInSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Participant"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "participant.checked_in";
        };
        /** @description Someone joined an event's roster. */
        ParticipantJoinedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Participant"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "participant.joined";
        };
        /** @description Someone left an event's roster (removed_at set). */
        ParticipantLeftSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Participant"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "participant.left";
        };
        PortalSession: {
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            expires_at: string;
            /** @description Begins with ps_ */
            id: string;
            /** @description manage: the portal may change the endpoints; read_only: it shows everything and changes nothing */
            mode: "manage" | "read_only";
            /** @enum {string} */
            object: "portal_session";
            /** @description The making key's scopes: the portal never sees or does more */
            scopes: string[];
            /** @description The single-use link that starts the session, shown only in this answer: give it to the person who opens the portal. Its token is in the fragment (#...), which browsers never send to a server nor keep in the address bar once opened */
            url: string;
        };
        /** @description One event session, or one court booking (type reservation). Never the roster. */
        ScheduleItem: {
            /**
             * @description Club-local day, YYYY-MM-DD
             * @example 2026-11-21
             */
            business_date: string;
            /**
             * @description Club-local time with the club's UTC offset at that instant
             * @example 2026-03-08T09:00:00-04:00
             */
            end: string;
            event_id: string | null;
            event_type: string | null;
            host: components["schemas"]["Host"];
            /** @description <event_id>_<business_date> or <booking_id>_<business_date> */
            id: string;
            max_participants: number;
            /** @enum {string} */
            object: "schedule_item";
            open: boolean;
            participant_count: number;
            /** @example public */
            privacy: string;
            spots_available: number;
            /**
             * @description Club-local time with the club's UTC offset at that instant
             * @example 2026-03-08T09:00:00-04:00
             */
            start: string;
            tags: components["schemas"]["Tag"][];
            time_slots: components["schemas"]["TimeSlot"][];
            title: string | null;
            /** @enum {unknown} */
            type: "event" | "reservation";
        };
        /** @description A change notification: one of the signal types, told apart by type */
        Signal: components["schemas"]["CustomerCreatedSignal"] | components["schemas"]["CustomerUpdatedSignal"] | components["schemas"]["CustomerArchivedSignal"] | components["schemas"]["SubscriptionCreatedSignal"] | components["schemas"]["SubscriptionUpdatedSignal"] | components["schemas"]["SubscriptionRenewedSignal"] | components["schemas"]["SubscriptionPastDueSignal"] | components["schemas"]["SubscriptionCanceledSignal"] | components["schemas"]["SubscriptionExpiredSignal"] | components["schemas"]["BookingCreatedSignal"] | components["schemas"]["BookingUpdatedSignal"] | components["schemas"]["BookingCanceledSignal"] | components["schemas"]["EventCreatedSignal"] | components["schemas"]["EventUpdatedSignal"] | components["schemas"]["ParticipantJoinedSignal"] | components["schemas"]["ParticipantLeftSignal"] | components["schemas"]["ParticipantCheckedInSignal"] | components["schemas"]["OrderCreatedSignal"] | components["schemas"]["OrderUpdatedSignal"] | components["schemas"]["TransactionCreatedSignal"] | components["schemas"]["WaiverSignedSignal"] | components["schemas"]["WaiverUpdatedSignal"] | components["schemas"]["CoachCreatedSignal"] | components["schemas"]["CoachUpdatedSignal"] | components["schemas"]["CoachArchivedSignal"] | components["schemas"]["SpaceCreatedSignal"] | components["schemas"]["SpaceUpdatedSignal"] | components["schemas"]["ClubUpdatedSignal"] | components["schemas"]["WebhookEndpointFailingSignal"] | components["schemas"]["WebhookEndpointDisabledSignal"] | components["schemas"]["WebhookEndpointEnabledSignal"] | components["schemas"]["WebhookEndpointRecoveredSignal"];
        SignalType: {
            description: string;
            /** @enum {string} */
            object: "signal_type";
            /** @description JSON Schema (2020-12) of the signal's data.object, self-contained */
            schema: {
                [key: string]: unknown;
            };
            /**
             * @description The scope a key or endpoint must hold to see signals of this type
             * @enum {string}
             */
            scope: "customers:read" | "bookings:read" | "events:read" | "orders:read" | "transactions:read" | "waivers:read" | "coaches:read" | "spaces:read" | "club:read" | "webhook_endpoints:write";
            /** @enum {string} */
            type: "customer.created" | "customer.updated" | "customer.archived" | "subscription.created" | "subscription.updated" | "subscription.renewed" | "subscription.past_due" | "subscription.canceled" | "subscription.expired" | "booking.created" | "booking.updated" | "booking.canceled" | "event.created" | "event.updated" | "participant.joined" | "participant.left" | "participant.checked_in" | "order.created" | "order.updated" | "transaction.created" | "waiver.signed" | "waiver.updated" | "coach.created" | "coach.updated" | "coach.archived" | "space.created" | "space.updated" | "club.updated" | "webhook_endpoint.failing" | "webhook_endpoint.disabled" | "webhook_endpoint.enabled" | "webhook_endpoint.recovered";
        };
        SignedWaiver: {
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created_at: string;
            customer_email: string;
            customer_id: string;
            id: string;
            /** @enum {string} */
            object: "signed_waiver";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            signed_at: string;
            signed_for_minor: boolean;
            /** @description Computed when read: invalidated when staff invalidated the signature or the club now requires a newer waiver version; else expired when the club's validity period since signed_at has passed; else valid */
            status: "valid" | "invalidated" | "expired";
            waiver_version: number;
        };
        /** @description A bookable court or room */
        Space: {
            category: {
                id: string;
                name: string;
            };
            id: string;
            name: string;
            /** @enum {string} */
            object: "space";
            short_name: string;
            /**
             * @description Who may see the space when booking: public, members_only or hidden
             * @example public
             */
            visibility: string;
        };
        /** @description A court or other bookable space was added. */
        SpaceCreatedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Space"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "space.created";
        };
        SpaceRef: {
            id: string;
            name: string;
        };
        /** @description A space changed: its name, category or visibility (previous_attributes holds the earlier values). */
        SpaceUpdatedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Space"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The previous values of the top-level attributes that changed */
            previous_attributes: {
                category?: {
                    id: string;
                    name: string;
                };
                id?: string;
                name?: string;
                /** @enum {string} */
                object?: "space";
                short_name?: string;
                /**
                 * @description Who may see the space when booking: public, members_only or hidden
                 * @example public
                 */
                visibility?: string;
            };
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "space.updated";
        };
        Subscription: {
            cancel_at_period_end: boolean;
            canceled_at: string | null;
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            current_period_end: string;
            customer_id: string;
            frozen_until: string | null;
            id: string;
            next_payment_at: string | null;
            /** @enum {string} */
            object: "subscription";
            plan: {
                id: string;
                name: string;
            };
            product: {
                id: string;
                name: string;
                slug: string;
            };
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            started_at: string;
            /** @example active */
            status: string;
            trial_end: string | null;
            /** @example membership */
            type: string;
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            updated_at: string;
        };
        /** @description A subscription was canceled (now, or at the end of its period). */
        SubscriptionCanceledSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Subscription"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "subscription.canceled";
        };
        /** @description A customer took out a subscription (membership, package, ...). */
        SubscriptionCreatedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Subscription"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "subscription.created";
        };
        /** @description A subscription ended at the end of its term. */
        SubscriptionExpiredSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Subscription"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "subscription.expired";
        };
        /** @description A payment for a subscription failed; it is past due. */
        SubscriptionPastDueSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Subscription"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "subscription.past_due";
        };
        /** @description A subscription began a new period (current_period_end moved on). */
        SubscriptionRenewedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Subscription"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "subscription.renewed";
        };
        /** @description A subscription changed in a way no more specific type names (previous_attributes holds the earlier values). */
        SubscriptionUpdatedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Subscription"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The previous values of the top-level attributes that changed */
            previous_attributes: {
                cancel_at_period_end?: boolean;
                canceled_at?: string | null;
                /**
                 * @description UTC timestamp, millisecond precision, trailing Z
                 * @example 2026-11-21T18:04:05.120Z
                 */
                current_period_end?: string;
                customer_id?: string;
                frozen_until?: string | null;
                id?: string;
                next_payment_at?: string | null;
                /** @enum {string} */
                object?: "subscription";
                plan?: {
                    id: string;
                    name: string;
                };
                product?: {
                    id: string;
                    name: string;
                    slug: string;
                };
                /**
                 * @description UTC timestamp, millisecond precision, trailing Z
                 * @example 2026-11-21T18:04:05.120Z
                 */
                started_at?: string;
                /** @example active */
                status?: string;
                trial_end?: string | null;
                /** @example membership */
                type?: string;
                /**
                 * @description UTC timestamp, millisecond precision, trailing Z
                 * @example 2026-11-21T18:04:05.120Z
                 */
                updated_at?: string;
            };
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "subscription.updated";
        };
        Tag: {
            id: string;
            name: string;
        };
        /** @description A stretch of time on one or more spaces */
        TimeSlot: {
            /**
             * @description Club-local time with the club's UTC offset at that instant
             * @example 2026-03-08T09:00:00-04:00
             */
            end: string;
            spaces: components["schemas"]["SpaceRef"][];
            /**
             * @description Club-local time with the club's UTC offset at that instant
             * @example 2026-03-08T09:00:00-04:00
             */
            start: string;
        };
        /** @description One settled charge or refund */
        Transaction: {
            /** @description Minor units; negative for a refund */
            amount: number;
            /**
             * @description How the money moved: card, cash, bank_transfer or account_credit
             * @example card
             */
            charge_type: string;
            /**
             * @description UTC timestamp, millisecond precision, trailing Z; for a refund, the refund's own time
             * @example 2026-11-21T18:04:05.120Z
             */
            created_at: string;
            /**
             * @description ISO 4217 code, lower case
             * @example usd
             */
            currency: string;
            id: string;
            /** @enum {string} */
            object: "transaction";
            /** @description The order charged or refunded; itemised at GET /v1/orders/{id} */
            order_id: string;
        };
        /** @description Money moved: a charge, or a refund (its own transaction, with a negative amount). */
        TransactionCreatedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["Transaction"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "transaction.created";
        };
        /** @description A customer signed a waiver. */
        WaiverSignedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["SignedWaiver"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "waiver.signed";
        };
        /** @description A signed waiver changed status because of a write: staff invalidated it, or the club raised the version it requires or shortened its validity. Expiry by time alone is not signalled. */
        WaiverUpdatedSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["SignedWaiver"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The previous values of the top-level attributes that changed */
            previous_attributes: {
                /**
                 * @description UTC timestamp, millisecond precision, trailing Z
                 * @example 2026-11-21T18:04:05.120Z
                 */
                created_at?: string;
                customer_email?: string;
                customer_id?: string;
                id?: string;
                /** @enum {string} */
                object?: "signed_waiver";
                /**
                 * @description UTC timestamp, millisecond precision, trailing Z
                 * @example 2026-11-21T18:04:05.120Z
                 */
                signed_at?: string;
                signed_for_minor?: boolean;
                /** @description Computed when read: invalidated when staff invalidated the signature or the club now requires a newer waiver version; else expired when the club's validity period since signed_at has passed; else valid */
                status?: "valid" | "invalidated" | "expired";
                waiver_version?: number;
            };
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "waiver.updated";
        };
        WebhookAttempt: {
            /** @description The attempt's place in the delivery's retry schedule: 1 for the first; a 429 or 503 that asked for time keeps its number */
            attempt_number: number;
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            attempted_at: string;
            duration_ms: number;
            /** @description The endpoint attempted */
            endpoint_id: string;
            error: string | null;
            /** @description Begins with atmpt_ */
            id: string;
            /** @enum {string} */
            object: "webhook_attempt";
            /** @description succeeded: the receiver answered 2xx; failed: any other status (429 and 503 included) or no answer */
            outcome: "succeeded" | "failed";
            /** @description The start of the receiver's answer */
            response_excerpt: string;
            /** @description The signal delivered (the webhook-id header) */
            signal_id: string;
            status_code: number | null;
        };
        WebhookEndpoint: {
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created_at: string;
            description: string;
            disabled_reason: ("failing" | "gone" | "requested") | null;
            /** @description The endpoint's delivery health, which its owner can watch; no request sets it */
            health: {
                /** @description When the endpoint will be disabled (disabled_reason failing) unless an attempt succeeds first: failing_since plus the service's ENDPOINT_DISABLE_AFTER (5 days by default) as it was when the failing began, or that window from the moment it was enabled again; null when not failing, already disabled, or (for a failing run that began before this field existed) until its next failed attempt */
                disable_at: string | null;
                /** @description When the current run of failed attempts began (UTC), once the endpoint is failing (the run's fourth failed attempt in a row); null otherwise: the last attempt succeeded, or fewer than four have failed since. Enabling the endpoint again does not end the run: the next success does */
                failing_since: string | null;
                /** @description Deliveries whose attempts ran out (or that failed as the endpoint was disabled) and were not sent again since, within the signal retention; counted up to 10000 */
                given_up_deliveries: number;
                /** @description When the last attempt that succeeded was made (UTC); null when none has */
                last_success_at: string | null;
                /** @description Deliveries not yet delivered: due, in flight or waiting for a retry; counted up to 10000 (10000: that many or more) */
                pending_deliveries: number;
            };
            /** @description Begins with we_ */
            id: string;
            /** @description Requests to this endpoint in flight at once, across every worker: 1 to 50. null: the service's default (5 unless the operator set DELIVERY_PER_ENDPOINT_CONCURRENCY) */
            max_in_flight: number | null;
            /** @enum {string} */
            object: "webhook_endpoint";
            /** @description none: signals go out as they come, several at once. per_resource: the signals about one record (data.object.id) reach the endpoint one after another, in sequence order, each once the previous one succeeded or was given up; other records keep flowing beside it. */
            ordering: "none" | "per_resource";
            /** @description The endpoint's current pace, which the delivery worker adapts to the receiver's answers; no request sets it */
            pace: {
                /** @description Deliveries a second the endpoint is slowed to after 429 or 503 answers without Retry-After; null: not slowed */
                effective_rate: number | null;
                /** @description Nothing is sent to the endpoint before this time, as a receiver's Retry-After asked (UTC, millisecond precision, trailing Z); null: not paused, or the pause is over */
                paused_until: string | null;
            };
            /** @description A v1a endpoint's ed25519 public key, whpk_ + base64 of its 32 bytes: what its receiver verifies with; null for v1 */
            public_key: string | null;
            /** @description Deliveries a second to this endpoint at most, across every worker: from 0.01 to 10000, fractions allowed (0.5 is one every 2 seconds). null: no limit */
            rate_limit: number | null;
            /** @description Scopes the endpoint holds; it receives only signals they cover */
            scopes: ("customers:read" | "bookings:read" | "events:read" | "orders:read" | "transactions:read" | "waivers:read" | "coaches:read" | "spaces:read" | "club:read" | "webhook_endpoints:write")[];
            /** @description Signal types subscribed to, or ["*"] for every type */
            signal_types: ("*" | "customer.created" | "customer.updated" | "customer.archived" | "subscription.created" | "subscription.updated" | "subscription.renewed" | "subscription.past_due" | "subscription.canceled" | "subscription.expired" | "booking.created" | "booking.updated" | "booking.canceled" | "event.created" | "event.updated" | "participant.joined" | "participant.left" | "participant.checked_in" | "order.created" | "order.updated" | "transaction.created" | "waiver.signed" | "waiver.updated" | "coach.created" | "coach.updated" | "coach.archived" | "space.created" | "space.updated" | "club.updated" | "webhook_endpoint.failing" | "webhook_endpoint.disabled" | "webhook_endpoint.enabled" | "webhook_endpoint.recovered")[];
            /** @description How deliveries are signed (Standard Webhooks): v1, HMAC-SHA256 with the whsec_ secret shown once; v1a, ed25519, verified with the endpoint's public_key (whpk_), its signing key never leaving the service. */
            signature_scheme: "v1" | "v1a";
            status: "active" | "disabled";
            /** @description Receiving address: https (plain http only for loopback hosts in development mode) */
            url: string;
        };
        /** @description Another endpoint of the club was disabled: nothing is sent to it until it is enabled (disabled_reason says why). */
        WebhookEndpointDisabledSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["WebhookEndpoint"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "webhook_endpoint.disabled";
        };
        /** @description Another endpoint of the club was enabled again after being disabled. */
        WebhookEndpointEnabledSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["WebhookEndpoint"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "webhook_endpoint.enabled";
        };
        /** @description Another endpoint of the club is failing: its fourth delivery attempt in a row failed (health.failing_since, health.disable_at). */
        WebhookEndpointFailingSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["WebhookEndpoint"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "webhook_endpoint.failing";
        };
        WebhookEndpointHealth: {
            attempts_24h: {
                /** @description Attempts in the last 24 hours (the newest 100,000 at most) */
                attempted: number;
                /** @description The most attempts counted */
                counted_up_to: number;
                failed: number;
                succeeded: number;
                /** @description succeeded / attempted; null without attempts */
                success_rate: number | null;
            };
            endpoint_id: string;
            /** @enum {string} */
            object: "webhook_endpoint_health";
            sync: {
                /** @description Signals after received_through the endpoint receives and has not had: pending + unsent */
                behind: number;
                /** @description The club's latest signal sequence (0 before any) */
                latest_sequence: number;
                /** @description Of which on their way (first attempts and retries); up to 10,000 */
                pending: number;
                /** @description Every signal up to this sequence that the endpoint receives was delivered to it */
                received_through: number;
                /** @description Of which given up, canceled, or missed while the endpoint was disabled: they come only if sent again; up to 10,000 */
                unsent: number;
                /** @description When the oldest unsent signal was emitted: POST .../recover with this as since sends every one again */
                unsent_since: string | null;
            };
        };
        /** @description The run of failures a recovery ended */
        WebhookEndpointOutage: {
            /** @description How long the endpoint was failing, in whole seconds */
            failed_for_seconds: number;
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            failing_since: string;
            /** @description Deliveries given up while it was failing and not sent again since; counted up to 10000 */
            given_up_deliveries: number;
            /** @description The since and until to POST to /v1/webhook_endpoints/{id}/recover to have every signal the endpoint missed meanwhile sent again (what was delivered is left out) */
            recover_window: {
                /**
                 * @description UTC timestamp, millisecond precision, trailing Z
                 * @example 2026-11-21T18:04:05.120Z
                 */
                since: string;
                /**
                 * @description UTC timestamp, millisecond precision, trailing Z
                 * @example 2026-11-21T18:04:05.120Z
                 */
                until: string;
            };
            /** @description When the attempt that succeeded was made (UTC); the first failure, when that attempt was made before it (requests in flight together) */
            recovered_at: string;
        };
        /** @description Another endpoint of the club that was failing delivered again (outage: how long, what was given up, the window to recover). */
        WebhookEndpointRecoveredSignal: {
            /** @enum {string} */
            api_version: "v1";
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created: string;
            /** @description object: the representation the matching /v1 endpoint returned at emit time */
            data: {
                object: components["schemas"]["WebhookEndpoint"];
                outage: components["schemas"]["WebhookEndpointOutage"];
            };
            /** @description Begins with sig_ */
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @description The sequence of the club's previous signal about the same resource (data.object.id), whatever its type; null for its first. A receiver whose last applied signal of this record has that sequence (or that holds nothing of it, when null) has every change of the record in order; otherwise it missed one (not yet arrived, given up, or of a type it does not receive). Still names the previous signal after retention has removed it. */
            previous_sequence: number | null;
            /** @description Increases in commit order within the club; a key sees gaps where its scopes leave signals out */
            sequence: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "webhook_endpoint.recovered";
        };
        WebhookEndpointWithSecret: {
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            created_at: string;
            description: string;
            disabled_reason: ("failing" | "gone" | "requested") | null;
            /** @description The endpoint's delivery health, which its owner can watch; no request sets it */
            health: {
                /** @description When the endpoint will be disabled (disabled_reason failing) unless an attempt succeeds first: failing_since plus the service's ENDPOINT_DISABLE_AFTER (5 days by default) as it was when the failing began, or that window from the moment it was enabled again; null when not failing, already disabled, or (for a failing run that began before this field existed) until its next failed attempt */
                disable_at: string | null;
                /** @description When the current run of failed attempts began (UTC), once the endpoint is failing (the run's fourth failed attempt in a row); null otherwise: the last attempt succeeded, or fewer than four have failed since. Enabling the endpoint again does not end the run: the next success does */
                failing_since: string | null;
                /** @description Deliveries whose attempts ran out (or that failed as the endpoint was disabled) and were not sent again since, within the signal retention; counted up to 10000 */
                given_up_deliveries: number;
                /** @description When the last attempt that succeeded was made (UTC); null when none has */
                last_success_at: string | null;
                /** @description Deliveries not yet delivered: due, in flight or waiting for a retry; counted up to 10000 (10000: that many or more) */
                pending_deliveries: number;
            };
            /** @description Begins with we_ */
            id: string;
            /** @description Requests to this endpoint in flight at once, across every worker: 1 to 50. null: the service's default (5 unless the operator set DELIVERY_PER_ENDPOINT_CONCURRENCY) */
            max_in_flight: number | null;
            /** @enum {string} */
            object: "webhook_endpoint";
            /** @description none: signals go out as they come, several at once. per_resource: the signals about one record (data.object.id) reach the endpoint one after another, in sequence order, each once the previous one succeeded or was given up; other records keep flowing beside it. */
            ordering: "none" | "per_resource";
            /** @description The endpoint's current pace, which the delivery worker adapts to the receiver's answers; no request sets it */
            pace: {
                /** @description Deliveries a second the endpoint is slowed to after 429 or 503 answers without Retry-After; null: not slowed */
                effective_rate: number | null;
                /** @description Nothing is sent to the endpoint before this time, as a receiver's Retry-After asked (UTC, millisecond precision, trailing Z); null: not paused, or the pause is over */
                paused_until: string | null;
            };
            /** @description A v1a endpoint's ed25519 public key, whpk_ + base64 of its 32 bytes: what its receiver verifies with; null for v1 */
            public_key: string | null;
            /** @description Deliveries a second to this endpoint at most, across every worker: from 0.01 to 10000, fractions allowed (0.5 is one every 2 seconds). null: no limit */
            rate_limit: number | null;
            /** @description Scopes the endpoint holds; it receives only signals they cover */
            scopes: ("customers:read" | "bookings:read" | "events:read" | "orders:read" | "transactions:read" | "waivers:read" | "coaches:read" | "spaces:read" | "club:read" | "webhook_endpoints:write")[];
            /** @description The v1 signing secret, shown only here; null for a v1a endpoint, whose signing key is never shown (verify with public_key) */
            secret: string | null;
            /** @description Signal types subscribed to, or ["*"] for every type */
            signal_types: ("*" | "customer.created" | "customer.updated" | "customer.archived" | "subscription.created" | "subscription.updated" | "subscription.renewed" | "subscription.past_due" | "subscription.canceled" | "subscription.expired" | "booking.created" | "booking.updated" | "booking.canceled" | "event.created" | "event.updated" | "participant.joined" | "participant.left" | "participant.checked_in" | "order.created" | "order.updated" | "transaction.created" | "waiver.signed" | "waiver.updated" | "coach.created" | "coach.updated" | "coach.archived" | "space.created" | "space.updated" | "club.updated" | "webhook_endpoint.failing" | "webhook_endpoint.disabled" | "webhook_endpoint.enabled" | "webhook_endpoint.recovered")[];
            /** @description How deliveries are signed (Standard Webhooks): v1, HMAC-SHA256 with the whsec_ secret shown once; v1a, ed25519, verified with the endpoint's public_key (whpk_), its signing key never leaving the service. */
            signature_scheme: "v1" | "v1a";
            status: "active" | "disabled";
            /** @description Receiving address: https (plain http only for loopback hosts in development mode) */
            url: string;
        };
        WebhookRecovery: {
            endpoint_id: string;
            /** @enum {string} */
            object: "recovery";
            /** @description Signals queued for delivery again */
            queued: number;
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            since: string;
            /**
             * @description UTC timestamp, millisecond precision, trailing Z
             * @example 2026-11-21T18:04:05.120Z
             */
            until: string;
        };
        WebhookResend: {
            endpoint_id: string;
            /** @enum {string} */
            object: "resend";
            /** @description true: the signal is queued for the endpoint again; false: its delivery was already due and under way, and is left to it */
            queued: boolean;
            signal_id: string;
        };
        WebhookTest: {
            attempt: components["schemas"]["WebhookAttempt"];
            endpoint_id: string;
            /** @enum {string} */
            object: "webhook_test";
            /** @description The body posted, byte for byte */
            signal: {
                /** @enum {string} */
                api_version: "v1";
                /**
                 * @description UTC timestamp, millisecond precision, trailing Z
                 * @example 2026-11-21T18:04:05.120Z
                 */
                created: string;
                data: {
                    object: components["schemas"]["WebhookEndpoint"];
                };
                /** @description Begins with sig_test_: no signal of the history has such an id */
                id: string;
                /** @enum {string} */
                object: "signal";
                previous_sequence: null;
                /**
                 * @description Always 0: a test signal is in no club's history
                 * @enum {number}
                 */
                sequence: 0;
                /** @enum {string} */
                type: "webhook_endpoint.test";
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listBookings: {
        parameters: {
            query?: {
                /** @description Comma-separated opt-ins: canceled adds cancelled bookings; unknown values are ignored */
                include?: string;
                /** @description Page size, 1 to 100 */
                limit?: number;
                /** @description Id of the last record of the previous page */
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Bookings, oldest first */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Booking"][];
                        /** @description True when another page exists */
                        has_more: boolean;
                        /** @enum {string} */
                        object: "list";
                        /** @description Path of the list */
                        url: string;
                    };
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    retrieveBooking: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A court booked by a customer */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Booking"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    retrieveClub: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Club"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listCoaches: {
        parameters: {
            query?: {
                /** @description Comma-separated opt-ins: `archived` adds archived coaches. Unknown values are ignored. */
                include?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Coaches in display order; active ones only unless include=archived */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Coach"][];
                        /** @description True when another page exists */
                        has_more: boolean;
                        /** @enum {string} */
                        object: "list";
                        /** @description Path of the list */
                        url: string;
                    };
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    retrieveCoach: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coach"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                /** @description Exact, case-insensitive match; % and _ are literal */
                email?: string;
                /** @description Comma-separated opt-ins; unknown values are ignored */
                include?: string;
                /** @description Page size, 1 to 100 */
                limit?: number;
                /** @description Id of the last record of the previous page */
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Customers, oldest relationship first */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Customer"][];
                        /** @description True when another page exists */
                        has_more: boolean;
                        /** @enum {string} */
                        object: "list";
                        /** @description Path of the list */
                        url: string;
                    };
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    retrieveCustomer: {
        parameters: {
            query?: {
                /** @description Comma-separated opt-ins; unknown values are ignored */
                include?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Comma-separated opt-ins: canceled adds cancelled events; unknown values are ignored */
                include?: string;
                /** @description Page size, 1 to 100 */
                limit?: number;
                /** @description Id of the last record of the previous page */
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Events, oldest first */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Event"][];
                        /** @description True when another page exists */
                        has_more: boolean;
                        /** @enum {string} */
                        object: "list";
                        /** @description Path of the list */
                        url: string;
                    };
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    retrieveEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A club program (league, clinic, open play, ...). start and end span its sessions (first start, last end) and are null while it has none. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listEventParticipants: {
        parameters: {
            query?: {
                /** @description Comma-separated opt-ins: removed adds removed participants; unknown values are ignored */
                include?: string;
                /** @description Page size, 1 to 100 */
                limit?: number;
                /** @description Id of the last record of the previous page */
                starting_after?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The roster, oldest join first */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Participant"][];
                        /** @description True when another page exists */
                        has_more: boolean;
                        /** @enum {string} */
                        object: "list";
                        /** @description Path of the list */
                        url: string;
                    };
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    retrieveEventParticipant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                participant_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A roster entry of an event */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Participant"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listOrders: {
        parameters: {
            query?: {
                /** @description ISO 8601 timestamp with an offset or Z (year 0001 or later, offset within ±15:59); inclusive */
                created_after?: string;
                /** @description ISO 8601 timestamp with an offset or Z (year 0001 or later, offset within ±15:59); inclusive */
                created_before?: string;
                /** @description Only this customer's orders; an unknown id gives an empty list */
                customer_id?: string;
                /** @description Page size, 1 to 100 */
                limit?: number;
                /** @description Id of the last record of the previous page */
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Orders, oldest first */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Order"][];
                        /** @description True when another page exists */
                        has_more: boolean;
                        /** @enum {string} */
                        object: "list";
                        /** @description Path of the list */
                        url: string;
                    };
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    retrieveOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createPortalSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters (a UUID, say). The request runs once; repeats with the same key, method, path and body within 24 hours get the first answer, with Idempotent-Replayed: true. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description manage: the portal may change the endpoints; read_only: it shows everything and changes nothing */
                    mode: "manage" | "read_only";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalSession"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            409: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deletePortalSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedPortalSession"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSchedule: {
        parameters: {
            query?: {
                /** @description A club-local day, YYYY-MM-DD; default today in the club's timezone. Not with a window. */
                date?: string;
                /** @description Only items that use this space */
                space_id?: string;
                /** @description ISO 8601 with an offset or Z; inclusive lower bound on start; needs starts_before */
                starts_after?: string;
                /** @description ISO 8601 with an offset or Z; inclusive upper bound on start; at most 31 days after starts_after */
                starts_before?: string;
                /** @description Only items of this type */
                type?: "event" | "reservation";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every item whose start falls in the day or window, ordered by start then id; never paginated */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ScheduleItem"][];
                        /** @description True when another page exists */
                        has_more: boolean;
                        /** @enum {string} */
                        object: "list";
                        /** @description Path of the list */
                        url: string;
                    };
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSignalTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every signal type, in the order of the catalogue */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SignalType"][];
                        /** @description True when another page exists */
                        has_more: boolean;
                        /** @enum {string} */
                        object: "list";
                        /** @description Path of the list */
                        url: string;
                    };
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSignals: {
        parameters: {
            query?: {
                /** @description The signals after this sequence, e.g. the Signal-Sequence header of a read: what changed since. Ascending order only; not with starting_after. 410 cursor_expired when retention has removed signals after it. */
                after_sequence?: number;
                /** @description ISO 8601 timestamp with an offset or Z (year 0001 or later, offset within ±15:59); inclusive */
                created_after?: string;
                /** @description ISO 8601 timestamp with an offset or Z (year 0001 or later, offset within ±15:59); inclusive */
                created_before?: string;
                /** @description Page size, 1 to 100 */
                limit?: number;
                /** @description asc (default) or desc */
                order?: "asc" | "desc";
                /** @description The id inside data.object */
                resource_id?: string;
                /** @description Id of the last record of the previous page */
                starting_after?: string;
                /** @description One exact signal type */
                type?: "customer.created" | "customer.updated" | "customer.archived" | "subscription.created" | "subscription.updated" | "subscription.renewed" | "subscription.past_due" | "subscription.canceled" | "subscription.expired" | "booking.created" | "booking.updated" | "booking.canceled" | "event.created" | "event.updated" | "participant.joined" | "participant.left" | "participant.checked_in" | "order.created" | "order.updated" | "transaction.created" | "waiver.signed" | "waiver.updated" | "coach.created" | "coach.updated" | "coach.archived" | "space.created" | "space.updated" | "club.updated" | "webhook_endpoint.failing" | "webhook_endpoint.disabled" | "webhook_endpoint.enabled" | "webhook_endpoint.recovered";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signals in sequence order */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Signal"][];
                        /** @description True when another page exists */
                        has_more: boolean;
                        /** @enum {string} */
                        object: "list";
                        /** @description Path of the list */
                        url: string;
                    };
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            410: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    retrieveSignal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A change notification: one of the signal types, told apart by type */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Signal"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSignalAttempts: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 */
                limit?: number;
                /** @description Only attempts with this outcome */
                outcome?: "succeeded" | "failed";
                /** @description Id of the last record of the previous page */
                starting_after?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delivery attempts, newest first */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookAttempt"][];
                        /** @description True when another page exists */
                        has_more: boolean;
                        /** @enum {string} */
                        object: "list";
                        /** @description Path of the list */
                        url: string;
                    };
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    streamSignals: {
        parameters: {
            query?: {
                /** @description Resume after this sequence (a Signal-Sequence header, a watermark event). Last-Event-ID, when sent, wins. */
                after_sequence?: number;
                /** @description One exact signal type */
                type?: "customer.created" | "customer.updated" | "customer.archived" | "subscription.created" | "subscription.updated" | "subscription.renewed" | "subscription.past_due" | "subscription.canceled" | "subscription.expired" | "booking.created" | "booking.updated" | "booking.canceled" | "event.created" | "event.updated" | "participant.joined" | "participant.left" | "participant.checked_in" | "order.created" | "order.updated" | "transaction.created" | "waiver.signed" | "waiver.updated" | "coach.created" | "coach.updated" | "coach.archived" | "space.created" | "space.updated" | "club.updated" | "webhook_endpoint.failing" | "webhook_endpoint.disabled" | "webhook_endpoint.enabled" | "webhook_endpoint.recovered";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/event-stream */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            410: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSpaces: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every space of the club in the club's display order */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Space"][];
                        /** @description True when another page exists */
                        has_more: boolean;
                        /** @enum {string} */
                        object: "list";
                        /** @description Path of the list */
                        url: string;
                    };
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listTransactions: {
        parameters: {
            query?: {
                /** @description ISO 8601 timestamp with an offset or Z (year 0001 or later, offset within ±15:59); inclusive */
                created_after?: string;
                /** @description ISO 8601 timestamp with an offset or Z (year 0001 or later, offset within ±15:59); inclusive */
                created_before?: string;
                /** @description Page size, 1 to 100 */
                limit?: number;
                /** @description Id of the last record of the previous page */
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ledger, oldest first */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Transaction"][];
                        /** @description True when another page exists */
                        has_more: boolean;
                        /** @enum {string} */
                        object: "list";
                        /** @description Path of the list */
                        url: string;
                    };
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWaivers: {
        parameters: {
            query?: {
                /** @description ISO 8601 timestamp with an offset or Z (year 0001 or later, offset within ±15:59); inclusive */
                created_after?: string;
                /** @description ISO 8601 timestamp with an offset or Z (year 0001 or later, offset within ±15:59); inclusive */
                created_before?: string;
                /** @description Page size, 1 to 100 */
                limit?: number;
                /** @description Id of the last record of the previous page */
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The waiver log, oldest signature first */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SignedWaiver"][];
                        /** @description True when another page exists */
                        has_more: boolean;
                        /** @enum {string} */
                        object: "list";
                        /** @description Path of the list */
                        url: string;
                    };
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every webhook endpoint of the club, oldest first */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"][];
                        /** @description True when another page exists */
                        has_more: boolean;
                        /** @enum {string} */
                        object: "list";
                        /** @description Path of the list */
                        url: string;
                    };
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters (a UUID, say). The request runs once; repeats with the same key, method, path and body within 24 hours get the first answer, with Idempotent-Replayed: true. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    /** @description Requests to this endpoint in flight at once, across every worker: 1 to 50. null: the service's default (5 unless the operator set DELIVERY_PER_ENDPOINT_CONCURRENCY) */
                    max_in_flight?: number | null;
                    /** @description none: signals go out as they come, several at once. per_resource: the signals about one record (data.object.id) reach the endpoint one after another, in sequence order, each once the previous one succeeded or was given up; other records keep flowing beside it. Default: none. */
                    ordering?: "none" | "per_resource";
                    /** @description Deliveries a second to this endpoint at most, across every worker: from 0.01 to 10000, fractions allowed (0.5 is one every 2 seconds). null: no limit */
                    rate_limit?: number | null;
                    /** @description Scopes the endpoint holds, among customers:read, bookings:read, events:read, orders:read, transactions:read, waivers:read, coaches:read, spaces:read, club:read, webhook_endpoints:write; never more than the key holds. Default: the read scopes among them that the key holds (webhook_endpoints:write, for the signals about endpoints, only when named). */
                    scopes?: ("customers:read" | "bookings:read" | "events:read" | "orders:read" | "transactions:read" | "waivers:read" | "coaches:read" | "spaces:read" | "club:read" | "webhook_endpoints:write")[];
                    /** @description Signal types to receive (customer.created, customer.updated, customer.archived, subscription.created, subscription.updated, subscription.renewed, subscription.past_due, subscription.canceled, subscription.expired, booking.created, booking.updated, booking.canceled, event.created, event.updated, participant.joined, participant.left, participant.checked_in, order.created, order.updated, transaction.created, waiver.signed, waiver.updated, coach.created, coach.updated, coach.archived, space.created, space.updated, club.updated, webhook_endpoint.failing, webhook_endpoint.disabled, webhook_endpoint.enabled, webhook_endpoint.recovered), or exactly ["*"] for all. Duplicates are removed. */
                    signal_types: ("*" | "customer.created" | "customer.updated" | "customer.archived" | "subscription.created" | "subscription.updated" | "subscription.renewed" | "subscription.past_due" | "subscription.canceled" | "subscription.expired" | "booking.created" | "booking.updated" | "booking.canceled" | "event.created" | "event.updated" | "participant.joined" | "participant.left" | "participant.checked_in" | "order.created" | "order.updated" | "transaction.created" | "waiver.signed" | "waiver.updated" | "coach.created" | "coach.updated" | "coach.archived" | "space.created" | "space.updated" | "club.updated" | "webhook_endpoint.failing" | "webhook_endpoint.disabled" | "webhook_endpoint.enabled" | "webhook_endpoint.recovered")[];
                    /** @description How deliveries are signed (Standard Webhooks): v1, HMAC-SHA256 with the whsec_ secret shown once; v1a, ed25519, verified with the endpoint's public_key (whpk_), its signing key never leaving the service. Default: v1. */
                    signature_scheme?: "v1" | "v1a";
                    /** @description Absolute https URL without credentials or fragment; plain http only for localhost, 127.0.0.0/8 or [::1] when the server runs in development mode. Outside development mode the host must be public: a literal non-public address, localhost, or a name that does not resolve or resolves to any non-public address is refused. */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            409: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    retrieveWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters (a UUID, say). The request runs once; repeats with the same key, method, path and body within 24 hours get the first answer, with Idempotent-Replayed: true. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    /** @description Requests to this endpoint in flight at once, across every worker: 1 to 50. null: the service's default (5 unless the operator set DELIVERY_PER_ENDPOINT_CONCURRENCY) */
                    max_in_flight?: number | null;
                    /** @description none: signals go out as they come, several at once. per_resource: the signals about one record (data.object.id) reach the endpoint one after another, in sequence order, each once the previous one succeeded or was given up; other records keep flowing beside it. Default: none. */
                    ordering?: "none" | "per_resource";
                    /** @description Deliveries a second to this endpoint at most, across every worker: from 0.01 to 10000, fractions allowed (0.5 is one every 2 seconds). null: no limit */
                    rate_limit?: number | null;
                    /** @description Scopes the endpoint holds, among customers:read, bookings:read, events:read, orders:read, transactions:read, waivers:read, coaches:read, spaces:read, club:read, webhook_endpoints:write; never more than the key holds. Default: the read scopes among them that the key holds (webhook_endpoints:write, for the signals about endpoints, only when named). */
                    scopes?: ("customers:read" | "bookings:read" | "events:read" | "orders:read" | "transactions:read" | "waivers:read" | "coaches:read" | "spaces:read" | "club:read" | "webhook_endpoints:write")[];
                    /** @description Signal types to receive (customer.created, customer.updated, customer.archived, subscription.created, subscription.updated, subscription.renewed, subscription.past_due, subscription.canceled, subscription.expired, booking.created, booking.updated, booking.canceled, event.created, event.updated, participant.joined, participant.left, participant.checked_in, order.created, order.updated, transaction.created, waiver.signed, waiver.updated, coach.created, coach.updated, coach.archived, space.created, space.updated, club.updated, webhook_endpoint.failing, webhook_endpoint.disabled, webhook_endpoint.enabled, webhook_endpoint.recovered), or exactly ["*"] for all. Duplicates are removed. */
                    signal_types?: ("*" | "customer.created" | "customer.updated" | "customer.archived" | "subscription.created" | "subscription.updated" | "subscription.renewed" | "subscription.past_due" | "subscription.canceled" | "subscription.expired" | "booking.created" | "booking.updated" | "booking.canceled" | "event.created" | "event.updated" | "participant.joined" | "participant.left" | "participant.checked_in" | "order.created" | "order.updated" | "transaction.created" | "waiver.signed" | "waiver.updated" | "coach.created" | "coach.updated" | "coach.archived" | "space.created" | "space.updated" | "club.updated" | "webhook_endpoint.failing" | "webhook_endpoint.disabled" | "webhook_endpoint.enabled" | "webhook_endpoint.recovered")[];
                    /** @description disabled stops deliveries (pending ones are canceled); active re-enables the endpoint */
                    status?: "active" | "disabled";
                    /** @description Absolute https URL without credentials or fragment; plain http only for localhost, 127.0.0.0/8 or [::1] when the server runs in development mode. Outside development mode the host must be public: a literal non-public address, localhost, or a name that does not resolve or resolves to any non-public address is refused. */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            409: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedWebhookEndpoint"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhookEndpointAttempts: {
        parameters: {
            query?: {
                /** @description ISO 8601 timestamp with an offset or Z (year 0001 or later, offset within ±15:59); inclusive */
                created_after?: string;
                /** @description ISO 8601 timestamp with an offset or Z (year 0001 or later, offset within ±15:59); inclusive */
                created_before?: string;
                /** @description Page size, 1 to 100 */
                limit?: number;
                /** @description Only attempts with this outcome */
                outcome?: "succeeded" | "failed";
                /** @description Only attempts to deliver signals of this type */
                signal_type?: "customer.created" | "customer.updated" | "customer.archived" | "subscription.created" | "subscription.updated" | "subscription.renewed" | "subscription.past_due" | "subscription.canceled" | "subscription.expired" | "booking.created" | "booking.updated" | "booking.canceled" | "event.created" | "event.updated" | "participant.joined" | "participant.left" | "participant.checked_in" | "order.created" | "order.updated" | "transaction.created" | "waiver.signed" | "waiver.updated" | "coach.created" | "coach.updated" | "coach.archived" | "space.created" | "space.updated" | "club.updated" | "webhook_endpoint.failing" | "webhook_endpoint.disabled" | "webhook_endpoint.enabled" | "webhook_endpoint.recovered";
                /** @description Id of the last record of the previous page */
                starting_after?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delivery attempts, newest first */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookAttempt"][];
                        /** @description True when another page exists */
                        has_more: boolean;
                        /** @enum {string} */
                        object: "list";
                        /** @description Path of the list */
                        url: string;
                    };
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    retrieveWebhookEndpointAttempt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                attempt_id: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookAttempt"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    retrieveWebhookEndpointHealth: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The watermark: the club's last signal sequence visible in the snapshot that produced the body (0 before its first signal). The change of signal N is in the body, that of N+1 is not; follow on with GET /v1/signals?after_sequence=N (docs/api.md, "Following a club"). */
                    "Signal-Sequence"?: string;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointHealth"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    recoverWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters (a UUID, say). The request runs once; repeats with the same key, method, path and body within 24 hours get the first answer, with Idempotent-Replayed: true. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description ISO 8601 timestamp with an offset or Z (year 0001 or later, offset within ±15:59); inclusive
                     */
                    since: string;
                    /**
                     * Format: date-time
                     * @description ISO 8601 timestamp with an offset or Z (year 0001 or later, offset within ±15:59); inclusive
                     */
                    until?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookRecovery"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            409: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    resendWebhookEndpointSignal: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters (a UUID, say). The request runs once; repeats with the same key, method, path and body within 24 hours get the first answer, with Idempotent-Replayed: true. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The signal to send again (sig_...) */
                    signal_id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResend"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            409: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    rotateWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters (a UUID, say). The request runs once; repeats with the same key, method, path and body within 24 hours get the first answer, with Idempotent-Replayed: true. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description How deliveries are signed (Standard Webhooks): v1, HMAC-SHA256 with the whsec_ secret shown once; v1a, ed25519, verified with the endpoint's public_key (whpk_), its signing key never leaving the service. Default: the endpoint's own; another one switches it. */
                    signature_scheme?: "v1" | "v1a";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            409: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    testWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters (a UUID, say). The request runs once; repeats with the same key, method, path and body within 24 hours get the first answer, with Idempotent-Replayed: true. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTest"];
                };
            };
            /** @description Every error response */
            400: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            401: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            403: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            404: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; Allow lists the methods it takes. */
            405: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            409: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every error response */
            429: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An error on our side; the request id identifies it in our logs. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database cannot be reached for now (database_unavailable); Retry-After says when to try again. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window (IETF draft RateLimit headers). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    /** @description The request id (req_...), also in error bodies and in our logs. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "deliver.booking.canceled": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BookingCanceledSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.booking.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BookingCreatedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.booking.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BookingUpdatedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.club.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClubUpdatedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.coach.archived": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CoachArchivedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.coach.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CoachCreatedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.coach.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CoachUpdatedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.customer.archived": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerArchivedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.customer.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerCreatedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.customer.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerUpdatedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.event.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventCreatedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.event.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventUpdatedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.order.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderCreatedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.order.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderUpdatedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.participant.checked_in": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ParticipantCheckedInSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.participant.joined": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ParticipantJoinedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.participant.left": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ParticipantLeftSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.space.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SpaceCreatedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.space.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SpaceUpdatedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.subscription.canceled": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionCanceledSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.subscription.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionCreatedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.subscription.expired": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionExpiredSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.subscription.past_due": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionPastDueSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.subscription.renewed": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionRenewedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.subscription.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionUpdatedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.transaction.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionCreatedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.waiver.signed": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WaiverSignedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.waiver.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WaiverUpdatedSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.webhook_endpoint.disabled": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointDisabledSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.webhook_endpoint.enabled": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointEnabledSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.webhook_endpoint.failing": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointFailingSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "deliver.webhook_endpoint.recovered": {
        parameters: {
            query?: never;
            header: {
                /** @description The signal id: the same on every retry, your deduplication key */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body"> for each signing secret in use, space-separated */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointRecoveredSignal"];
            };
        };
        responses: {
            /** @description Received: not sent again */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
/** The opt-ins each operation's `include` takes (the document's `x-opt-ins`). */
export const includeOptIns = {
    listBookings: ["canceled"],
    listCoaches: ["archived"],
    listCustomers: ["archived","ended_subscriptions"],
    listEventParticipants: ["removed"],
    listEvents: ["canceled"],
    retrieveCustomer: ["ended_subscriptions"],
} as const;
