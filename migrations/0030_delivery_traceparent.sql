-- Traces (docs/webhooks.md, "Traces"): each delivery keeps the W3C traceparent of its signal's
-- fan-out span, so that its lane's attempts, in whichever process and however much later,
-- continue the trace the relay began. Null when the fan-out ran without tracing, and for a
-- delivery made by recovery or resend (their attempts begin traces of their own). Adding a
-- nullable column without a default rewrites nothing.
ALTER TABLE deliveries ADD COLUMN traceparent text;
