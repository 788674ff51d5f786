-- Fixed-window counters for rate limits, in the database so every server instance shares them.
create table rate_limit_hits (
  key text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (key, window_start)
);
create index rate_limit_hits_window_idx on rate_limit_hits(window_start);
