-- A company rejected because of one beneficial owner kept the reason as an English sentence naming them
-- ("Beneficial owner Rita Reject: The document is expired"), which a Portuguese page showed as it was. The stored
-- reason is now only the reviewer's or provider's words; which owner was rejected is in the verification's owners,
-- worded by the page (server/identity/decision-service.ts). The reasons stored before lose the English prefix.
UPDATE accounts SET kyb_reason = regexp_replace(kyb_reason, '^Beneficial owner [^:]*: ', '')
WHERE kyb_reason LIKE 'Beneficial owner %: %';
