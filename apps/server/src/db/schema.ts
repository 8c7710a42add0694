/**
 * Row types of the tables this server owns. better-auth's own tables ("user", "session",
 * "account", "verification", "rateLimit") are created and queried by better-auth; they are not
 * listed here so no repository of ours is tempted to write them directly.
 */
export interface PeopleTable {
  id: string;
  display_name: string;
  /** Lower-case; unique when not null. */
  email: string | null;
  avatar: string | null;
  type: string;
  /** JSON array of role ids. */
  roles: string;
  /** better-auth "user".id of the linked login account. */
  account_id: string | null;
  /** 0/1 on SQLite, boolean on PostgreSQL; repositories normalise. */
  login_active: number | boolean;
  created_date: string;
  /** 'de' | 'en' | null: the language of the person's mails (null = the app's). */
  language: string | null;
  /** JSON `{defaultPlanningYear, reminderMails}`, or null for the defaults. */
  preferences: string | null;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

/** A replicated document (DESIGN.md section 4); `data` is JSON text. */
export interface DocumentsTable {
  collection: string;
  id: string;
  version: number;
  deleted: number | boolean;
  updated_at: string;
  data: string;
  /** Sequence of the document's last change. bigint: PostgreSQL answers a string. */
  seq: number | string | bigint;
}

/** One row per changed document per command, in sequence order. */
export interface ChangesTable {
  seq: number | string | bigint;
  collection: string;
  id: string;
  version: number;
  deleted: number | boolean;
  updated_at: string;
  data: string;
  prev_data: string | null;
  actor: string | null;
  client_id: string | null;
  mutation_id: number | string | bigint | null;
}

/**
 * The subscription index (0006-document-index): per live document and indexed field
 * (`INDEXED_FIELDS`), a sort key of the field's value (modules/sync/document-index.ts).
 */
export interface DocumentIndexTable {
  collection: string;
  id: string;
  field: string;
  sort_key: string;
}

export interface ClientMutationsTable {
  client_id: string;
  person_id: string;
  last_mutation_id: number | string | bigint;
  /** The sequence of the last change the client's commands wrote (0008); null if none since. */
  last_sequence: number | string | bigint | null;
  updated_at: string;
}

/** A rejection answered to a client, repeated in its next welcomes (0004, keyed by person in 0007). */
export interface ClientRejectionsTable {
  client_id: string;
  mutation_id: number | string | bigint;
  person_id: string;
  /** JSON of the reject message without type and version. */
  payload: string;
  created_at: string;
}

export interface SyncCounterTable {
  name: string;
  value: number | string | bigint;
}

export interface Schema {
  people: PeopleTable;
  app_meta: AppMetaTable;
  documents: DocumentsTable;
  changes: ChangesTable;
  document_index: DocumentIndexTable;
  client_mutations: ClientMutationsTable;
  client_rejections: ClientRejectionsTable;
  sync_counter: SyncCounterTable;
  files: FilesTable;
  measure_reminders: MeasureRemindersTable;
  api_tokens: ApiTokensTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_overdue_events: WebhookOverdueEventsTable;
}

/** An uploaded file's metadata; the bytes lie in the file storage under `storage_key`. */
export interface FilesTable {
  /** The client's file id. */
  id: string;
  /** Generated name in the storage (`<id>-<random>.<ext>`), never the user's file name. */
  storage_key: string;
  name: string;
  content_type: string;
  size: number;
  /** Hex; tells a retried upload (same content) from a conflicting one. */
  sha256: string;
  /** Person id of the uploader. */
  created_by: string;
  created_at: string;
  /** What the file belongs to (0005-file-owners); null only for files stored before. */
  audit_id: string | null;
  audit_item_id: string | null;
  finding_id: string | null;
  media_id: string | null;
  /** The person a file belongs to instead of an audit: their avatar (0011-file-person-owners). */
  owner_person_id: string | null;
}

/** One reminder mail per person and local day (0009-measure-reminders). */
export interface MeasureRemindersTable {
  person_id: string;
  /** `YYYY-MM-DD`, the server's local day. */
  day: string;
  /** Random id of the run that holds the claim. */
  claim: string;
  claimed_at: string;
  /** Null while the mail is on its way (or its sender crashed). */
  sent_at: string | null;
  /** How many measures the mail listed. */
  measure_count: number;
}

/** Personal API tokens (0012-api-tokens). */
export interface ApiTokensTable {
  id: string;
  person_id: string;
  name: string;
  /** Hex SHA-256 of the token's secret part. */
  secret_hash: string;
  /** 0/1. */
  read_only: number;
  /** 0/1: may download the backup (0017). */
  backup: number;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** An endpoint registered by an admin (0013-webhooks). */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  description: string;
  /** JSON array of event types. */
  events: string;
  /** `whsec_<base64>`: signs every request, so kept as is; never answered after creation. */
  secret: string;
  /** 0/1. */
  active: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** The outbox: one event for one endpoint (0013-webhooks). */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  /** The JSON body sent (the event). */
  payload: string;
  created_at: string;
  /** 'pending' | 'delivered' | 'failed'. */
  status: string;
  /** ISO timestamp; null unless pending. */
  next_attempt_at: string | null;
  /** No attempt after this: the delivery fails. */
  expires_at: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: string | null;
  /** JSON array of the newest attempts `{at, statusCode, error, durationMs}`, newest first. */
  attempt_log: string;
  /** The claim of a deliverer: its random id and until when it holds the row. */
  lease_owner: string | null;
  lease_until: string | null;
}

/** `measure.overdue` raised once per measure and due date (0013-webhooks). */
export interface WebhookOverdueEventsTable {
  measure_id: string;
  due_date: string;
  event_id: string;
  raised_at: string;
}
