-- When an endpoint's last successful attempt was made, as of its failing streak: kept by
-- cd_record_attempts when a streak begins (the attempt before its first failure, when that one
-- succeeded) and when one ends (the success that ends it), so that the endpoint object shows it
-- without walking the failed attempts of a long streak (cd_render_webhook_endpoint reads the
-- newest attempt otherwise). A streak under way when this runs shows null until it ends.
ALTER TABLE webhook_endpoints ADD COLUMN last_success_at timestamptz;
