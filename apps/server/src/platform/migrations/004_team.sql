-- Team and partner mapping workflow: request codes, one pending request per partner,
-- and the link from a mapping to the request item that created it (online vs offline mappings).

create sequence mapping_request_code_seq;

-- A partner can wait in at most one pending request: two requesters cannot race the same partner.
create unique index mapping_request_items_one_pending on mapping_request_items(partner_id) where status = 'pending';
create index mapping_request_items_status_idx on mapping_request_items(status, request_id);
create index mapping_requests_manager_idx on mapping_requests(manager_id, created_at);
create index mapping_requests_requested_by_idx on mapping_requests(requested_by);

-- Null = an offline (bulk or back-office) mapping; set = opened by accepting that request item.
alter table partner_mappings add column request_item_id integer references mapping_request_items(id);
create index partner_mappings_current_idx on partner_mappings(partner_id) where valid_to is null;
