-- The dashboard counts change at commit, in one ordered statement, instead of in every statement
-- that rewrites entries. A transaction runs several such statements (create: the request, then its
-- signers; sign: the signer, then the request), and each took the counts rows it touched until the
-- commit: ordering the rows inside one statement could not order them across statements, so a
-- creation holding its owner's 'draft' row and a signature holding the same owner's 'completed' row
-- deadlocked (40P01) as soon as one owner's requests were created and signed in parallel.
--
-- Now the entries' triggers only append deltas here (an insert takes no lock anyone waits for), and a
-- deferred trigger folds this transaction's deltas into request_list_counts when it commits: sorted by
-- key and netted (a rewrite that keeps a request's filter and status touches no count at all). Every
-- transaction takes count rows only then, all in the same order, and waits for nothing else after.
CREATE TABLE "request_list_count_changes" (
	"xact" bigint DEFAULT txid_current() NOT NULL,
	"user_id" text NOT NULL,
	"filter" text NOT NULL,
	"status" text NOT NULL,
	"d" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_list_count_changes_xact_idx" ON "request_list_count_changes" USING btree ("xact");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION request_list_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO request_list_count_changes (user_id, filter, status, d)
    SELECT user_id, filter, status, count(*) FROM new_rows GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO request_list_count_changes (user_id, filter, status, d)
    SELECT user_id, filter, status, -count(*) FROM old_rows GROUP BY 1, 2, 3;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Fires once per delta row at commit: the first firing folds them all, the others find none.
CREATE FUNCTION request_list_apply_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    DELETE FROM request_list_count_changes WHERE xact = txid_current()
    RETURNING user_id, filter, status, d
  )
  INSERT INTO request_list_counts (user_id, filter, status, n)
  SELECT user_id, filter, status, sum(d) FROM moved
  GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (user_id, filter, status) DO UPDATE SET n = request_list_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER request_list_counts_at_commit AFTER INSERT ON request_list_count_changes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION request_list_apply_counts();
--> statement-breakpoint
-- As in 0025, without locking the counts first: nothing touches them before the commit any more.
CREATE OR REPLACE FUNCTION refresh_request_list(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM request_list_entries WHERE request_id = ANY(ids);
  INSERT INTO request_list_entries (user_id, request_id, filter, status, updated_at, title)
  SELECT u.id, r.id,
    CASE
      WHEN r.status = 'OPEN' AND EXISTS (
        SELECT 1 FROM signers s
        WHERE s.request_id = r.id AND s.status = 'OPEN'
          AND (s.user_id = u.id OR (s.kind = 'account' AND s.email = u.email))
          AND (NOT r.signing_order OR NOT EXISTS (
            SELECT 1 FROM signers e
            WHERE e.request_id = r.id AND e.sequence < s.sequence AND e.status <> 'SIGNED'))) THEN 'toSign'
      WHEN r.status = 'OPEN' THEN 'pending'
      WHEN r.status IN ('DECLINED', 'WITHDRAWN') THEN 'declined'
      WHEN r.status = 'SIGNED' THEN 'completed'
      ELSE 'draft'
    END,
    r.status, r.updated_at, r.title
  FROM signature_requests r
  JOIN LATERAL (
    SELECT r.owner_id AS user_id
    UNION SELECT s.user_id FROM signers s
      WHERE s.request_id = r.id AND s.user_id IS NOT NULL AND r.status <> 'DRAFT'
    UNION SELECT a.id FROM signers s JOIN users a ON a.email = s.email
      WHERE s.request_id = r.id AND s.kind = 'account' AND r.status <> 'DRAFT'
    UNION SELECT a.id FROM observers o JOIN users a ON a.email = o.email
      WHERE o.request_id = r.id AND r.status <> 'DRAFT'
  ) p ON true
  JOIN users u ON u.id = p.user_id
  WHERE r.id = ANY(ids)
  ORDER BY u.id;
END $$;
