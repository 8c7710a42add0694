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
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface Schema {
  people: PeopleTable;
  app_meta: AppMetaTable;
}
