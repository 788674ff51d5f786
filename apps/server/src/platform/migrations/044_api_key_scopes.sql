-- The entities an ingestion key may push (docs/product/security.md, decision 058). Keys made before scopes
-- existed keep every entity but the people ones (employees, users): a key that should manage people is
-- made again with them named.
alter table api_keys add column if not exists entities text[] not null
  default array['insurers', 'partners', 'partner_mappings', 'customers', 'policies', 'targets', 'contests', 'cases', 'leads'];
alter table api_keys alter column entities drop default;
