CREATE TABLE "request_list_counts" (
	"user_id" text NOT NULL,
	"filter" text NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "request_list_counts_user_id_filter_status_pk" PRIMARY KEY("user_id","filter","status")
);
--> statement-breakpoint
CREATE TABLE "request_list_entries" (
	"user_id" text NOT NULL,
	"request_id" text NOT NULL,
	"filter" text NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "request_list_entries_user_id_request_id_pk" PRIMARY KEY("user_id","request_id")
);
--> statement-breakpoint
ALTER TABLE "request_list_entries" ADD CONSTRAINT "request_list_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_list_entries" ADD CONSTRAINT "request_list_entries_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_list_entries_all_idx" ON "request_list_entries" USING btree ("user_id","updated_at" DESC NULLS LAST,"request_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "request_list_entries_filter_idx" ON "request_list_entries" USING btree ("user_id","filter","updated_at" DESC NULLS LAST,"request_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "request_list_entries_status_idx" ON "request_list_entries" USING btree ("user_id","status","updated_at" DESC NULLS LAST,"request_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "request_list_entries_request_idx" ON "request_list_entries" USING btree ("request_id");--> statement-breakpoint
-- Rewrites the dashboard entries of the given requests from the requests, signers, observers and
-- users as they are now. The people are those the old list query found: the owner (drafts too),
-- and once sent the signers (by account, or an account slot by e-mail) and observers (by e-mail).
-- "toSign": an open signature of the user's whose turn it is (with a signing order, all earlier signed).
CREATE FUNCTION refresh_request_list(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Lock the counts of everyone these requests list, in one order, before changing any: two
  -- transactions refreshing requests that share people (an owner, a signer) would otherwise take
  -- those rows in the order their joins happen to produce, and could deadlock.
  PERFORM 1 FROM request_list_counts c
    WHERE c.user_id IN (SELECT e.user_id FROM request_list_entries e WHERE e.request_id = ANY(ids))
    ORDER BY c.user_id, c.filter, c.status FOR UPDATE;
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
--> statement-breakpoint
-- Statement triggers with transition tables: a bulk insert refreshes its requests in one pass.
CREATE FUNCTION request_list_from_requests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_request_list(ARRAY(SELECT id FROM new_rows));
  ELSE
    -- Only what the list shows: the audit anchor moves with every event and changes nothing here.
    PERFORM refresh_request_list(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.owner_id, n.status, n.updated_at, n.title, n.signing_order)
        IS DISTINCT FROM (o.owner_id, o.status, o.updated_at, o.title, o.signing_order)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER request_list_requests_insert AFTER INSERT ON signature_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_list_from_requests();
--> statement-breakpoint
CREATE TRIGGER request_list_requests_update AFTER UPDATE ON signature_requests
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_list_from_requests();
--> statement-breakpoint
CREATE FUNCTION request_list_from_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_request_list(ARRAY(SELECT DISTINCT request_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION request_list_from_old_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_request_list(ARRAY(SELECT DISTINCT request_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER request_list_signers_insert AFTER INSERT ON signers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_list_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER request_list_signers_update AFTER UPDATE ON signers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_list_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER request_list_signers_delete AFTER DELETE ON signers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_list_from_old_rows();
--> statement-breakpoint
CREATE TRIGGER request_list_observers_insert AFTER INSERT ON observers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_list_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER request_list_observers_update AFTER UPDATE ON observers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_list_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER request_list_observers_delete AFTER DELETE ON observers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_list_from_old_rows();
--> statement-breakpoint
-- A new account, or a changed address, takes over (or gives up) the slots and observations sent to that address.
CREATE FUNCTION request_list_from_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_request_list(ARRAY(
    SELECT request_id FROM signers WHERE kind = 'account' AND email IN (NEW.email, OLD.email)
    UNION SELECT request_id FROM observers WHERE email IN (NEW.email, OLD.email)
    UNION SELECT request_id FROM request_list_entries WHERE user_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER request_list_users_insert AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION request_list_from_user();
--> statement-breakpoint
CREATE TRIGGER request_list_users_email AFTER UPDATE OF email ON users
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION request_list_from_user();
--> statement-breakpoint
-- The counts follow the entries (cascaded deletes of requests and users included).
CREATE FUNCTION request_list_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO request_list_counts (user_id, filter, status, n)
    SELECT user_id, filter, status, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, filter, status) DO UPDATE SET n = request_list_counts.n + excluded.n;
  ELSE
    UPDATE request_list_counts c SET n = c.n - d.n
    FROM (SELECT user_id, filter, status, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) d
    WHERE c.user_id = d.user_id AND c.filter = d.filter AND c.status = d.status;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER request_list_counts_insert AFTER INSERT ON request_list_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_list_count();
--> statement-breakpoint
CREATE TRIGGER request_list_counts_delete AFTER DELETE ON request_list_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_list_count();
--> statement-breakpoint
SELECT refresh_request_list(ARRAY(SELECT id FROM signature_requests));
