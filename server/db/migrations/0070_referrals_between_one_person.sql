-- A referral between two accounts of one person earns nothing. A holder could refer a second sign-up of their own
-- (another e-mail address), pass KYC twice with the same identity and take 1 % of their own spending for 30 days. A
-- referral whose referee's approved KYC names the same person as the referrer's (the same legal name, birth date and
-- nationality: `identityKey` in domain/membership.ts) is marked here when it would qualify, never qualifies, and its
-- referrer sees why.
ALTER TABLE referrals
  ADD COLUMN ineligible_reason TEXT CHECK (ineligible_reason IN ('same_person')),
  ADD COLUMN ineligible_at TIMESTAMPTZ,
  ADD CONSTRAINT referrals_ineligible_at_with_reason CHECK ((ineligible_reason IS NULL) = (ineligible_at IS NULL)),
  ADD CONSTRAINT referrals_ineligible_never_qualified CHECK (ineligible_reason IS NULL OR qualified_at IS NULL);
