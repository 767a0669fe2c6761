-- Identity checks (issue 7): a person's KYC, a company's KYB and each beneficial owner's own KYC, as
-- applications at the identity provider. users.kyc_status and accounts.kyb_status (0010) follow them.
CREATE TABLE identity_applications (
  id UUID PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('kyc', 'kyb')),
  -- The person checked (their own KYC); NULL for a company and for its beneficial owners.
  user_id UUID REFERENCES users (id),
  -- The company (its KYB, and its owners' KYC).
  account_id UUID REFERENCES accounts (id),
  -- A beneficial owner's KYC belongs to the company's KYB application.
  parent_id UUID REFERENCES identity_applications (id),
  submitted_by UUID NOT NULL REFERENCES users (id),
  subject_name TEXT NOT NULL,
  provider_ref TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('submitted', 'in_review', 'approved', 'rejected', 'more_info_needed')),
  reason TEXT,
  requested_document TEXT,
  -- Each answer to a "more information" request starts a new round at the provider.
  round INTEGER NOT NULL DEFAULT 1,
  details JSONB NOT NULL,
  -- Where the applicant's links in mail point.
  origin TEXT NOT NULL,
  submitted_at TIMESTAMPTZ NOT NULL,
  decided_at TIMESTAMPTZ,
  decided_source TEXT CHECK (decided_source IN ('provider', 'admin')),
  decided_by UUID REFERENCES users (id),
  CHECK (CASE kind WHEN 'kyb' THEN account_id IS NOT NULL AND parent_id IS NULL AND user_id IS NULL
    ELSE (user_id IS NOT NULL) <> (parent_id IS NOT NULL) END)
);
CREATE INDEX identity_applications_user ON identity_applications (user_id, submitted_at DESC);
CREATE INDEX identity_applications_account ON identity_applications (account_id, submitted_at DESC);
CREATE INDEX identity_applications_parent ON identity_applications (parent_id);
CREATE INDEX identity_applications_open ON identity_applications (status) WHERE status IN ('submitted', 'in_review');

-- Uploaded files, private: never served publicly, fetched only by platform admins through the API.
CREATE TABLE identity_documents (
  id UUID PRIMARY KEY,
  uploaded_by UUID NOT NULL REFERENCES users (id),
  kind TEXT NOT NULL,
  mime TEXT NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'application/pdf')),
  file_name TEXT NOT NULL,
  size_bytes INTEGER NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 5242880),
  content BYTEA NOT NULL,
  -- Set when an application takes the document; a document serves one application only.
  application_id UUID REFERENCES identity_applications (id),
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX identity_documents_application ON identity_documents (application_id);
