-- Independent releases of the micro-frontends: every published build of a remote, which one the
-- shell loads now, and what the deployed shell provides (the versions a release is checked against).

CREATE TABLE account.remote_releases (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  remote text NOT NULL,
  version text NOT NULL,
  entry text NOT NULL,
  expects jsonb NOT NULL,
  released_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (remote, version)
);

-- A remote without a row here loads its base build (the gateway's own copy, or where the remotes file points it).
CREATE TABLE account.remote_current_releases (
  remote text PRIMARY KEY,
  release_id bigint NOT NULL REFERENCES account.remote_releases (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row at most: the shared packages' versions of the shell that is deployed now.
CREATE TABLE account.shell_contract (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  provides jsonb NOT NULL,
  recorded_by text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
