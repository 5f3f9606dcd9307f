CREATE TABLE processed_event (event_id text, consumer_id text, PRIMARY KEY (event_id, consumer_id));
