-- One batch of customers ($1..$2 by customer number), in that order.
INSERT INTO customers (club_id, id, email, first_name, last_name, phone, first_became_customer_at, created_at,
                       updated_at, archived_at)
SELECT c.club_id, x.id, x.email, x.first_name, x.last_name, x.phone, x.fb, x.created_at, x.updated_at, x.archived_at
FROM demo_customer x, demo_club c
WHERE x.i BETWEEN $1 AND $2
ORDER BY x.i
