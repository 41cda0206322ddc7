-- Identity store for the Supabase-Auth-compatible service. Every secret that
-- a client presents (refresh tokens, email link tokens, OTP codes, PKCE auth
-- codes) is stored only as a SHA-256 digest.

CREATE TABLE auth.users (
  id uuid PRIMARY KEY,
  identity_id uuid NOT NULL,
  email text NOT NULL,
  encrypted_password text,
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_sent_at timestamptz,
  recovery_sent_at timestamptz,
  email_change text,
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb NOT NULL DEFAULT '{"provider":"email","providers":["email"]}'::jsonb,
  raw_user_meta_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  banned_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON auth.users (email);

CREATE TABLE auth.sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  aal text NOT NULL DEFAULT 'aal1' CHECK (aal IN ('aal1', 'aal2')),
  amr jsonb NOT NULL DEFAULT '[]'::jsonb,
  factor_id uuid,
  not_after timestamptz NOT NULL,
  refreshed_at timestamptz,
  user_agent text,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_idx ON auth.sessions (user_id);

CREATE TABLE auth.refresh_tokens (
  id uuid PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  session_id uuid NOT NULL REFERENCES auth.sessions (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  parent_id uuid,
  revoked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_session_idx ON auth.refresh_tokens (session_id, revoked);

CREATE TABLE auth.flow_states (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  code_challenge text NOT NULL,
  code_challenge_method text NOT NULL CHECK (code_challenge_method IN ('s256', 'plain')),
  authentication_method text NOT NULL,
  auth_code_hash text UNIQUE,
  auth_code_issued_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE auth.one_time_tokens (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  token_type text NOT NULL CHECK (token_type IN ('signup', 'invite', 'magiclink', 'recovery', 'email_change')),
  token_hash text NOT NULL UNIQUE,
  otp_hash text NOT NULL,
  email text NOT NULL,
  redirect_to text,
  flow_state_id uuid REFERENCES auth.flow_states (id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- One live token per purpose: sending a new email invalidates the previous link.
  UNIQUE (user_id, token_type)
);
CREATE INDEX one_time_tokens_otp_idx ON auth.one_time_tokens (otp_hash);

CREATE TABLE auth.mfa_factors (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  friendly_name text,
  factor_type text NOT NULL CHECK (factor_type = 'totp'),
  status text NOT NULL DEFAULT 'unverified' CHECK (status IN ('unverified', 'verified')),
  secret text NOT NULL,
  -- Highest TOTP time step accepted so far: a code is never accepted twice.
  last_used_step bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX mfa_factors_name_key ON auth.mfa_factors (user_id, friendly_name) WHERE friendly_name IS NOT NULL;

CREATE TABLE auth.mfa_challenges (
  id uuid PRIMARY KEY,
  factor_id uuid NOT NULL REFERENCES auth.mfa_factors (id) ON DELETE CASCADE,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE auth.signing_keys (
  kid text PRIMARY KEY,
  algorithm text NOT NULL DEFAULT 'ES256',
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX signing_keys_one_active ON auth.signing_keys (active) WHERE active;

-- Token buckets for rate limits, shared by every replica.
CREATE TABLE auth.rate_limits (
  key text PRIMARY KEY,
  tokens double precision NOT NULL,
  last_allowed boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT statement_timestamp()
);
CREATE INDEX rate_limits_updated_idx ON auth.rate_limits (updated_at);

-- Server-side secrets made on first start (e.g. the key refresh tokens are derived with).
CREATE TABLE auth.server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
