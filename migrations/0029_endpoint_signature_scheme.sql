-- Standard Webhooks v1a (docs/webhooks.md, "Verifying a delivery"): an endpoint signs with HMAC
-- (v1, its whsec_ secret) or with ed25519 (v1a, a whsk_ signing key sealed in `secret` like a
-- v1 secret, whose public key it shows). The sealed secret's prefix says how it signs; the
-- scheme and the public key are kept in the clear beside it so that the endpoint object shows
-- them without opening anything.
ALTER TABLE webhook_endpoints
  ADD COLUMN signature_scheme text NOT NULL DEFAULT 'v1' CHECK (signature_scheme IN ('v1', 'v1a')),
  ADD COLUMN public_key text,
  ADD CONSTRAINT webhook_endpoints_public_key_check CHECK ((signature_scheme = 'v1a') = (public_key IS NOT NULL));
