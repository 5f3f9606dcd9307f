// Package importer imports settlement reports from the provider's API.
package importer

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Importer pages through settlement reports.
type Importer struct {
	Pool *pgxpool.Pool
	HTTP *http.Client
	URL  string
	Log  *slog.Logger
}

type page struct {
	Items []struct {
		ChargeID string `json:"charge_id"`
		Amount   int64  `json:"amount"`
	} `json:"items"`
	Next string `json:"next"`
}

func (im *Importer) fetch(ctx context.Context, cursor string) (page, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, im.URL+"/settlements?cursor="+cursor, nil)
	if err != nil {
		return page{}, err
	}
	resp, err := im.HTTP.Do(req)
	if err != nil {
		return page{}, err
	}
	defer resp.Body.Close()
	var p page
	return p, json.NewDecoder(resp.Body).Decode(&p)
}

// ImportAll walks the pages; each page is stored as one import batch with
// its own batch ID.
func (im *Importer) ImportAll(ctx context.Context) error {
	cursor := ""
	for {
		p, err := im.fetch(ctx, cursor)
		if err != nil {
			return fmt.Errorf("fetch page %q: %w", cursor, err)
		}
		batchID := uuid.NewString()
		if _, err := im.Pool.Exec(ctx, `INSERT INTO import_batch (id, cursor, items) VALUES ($1, $2, $3)`, batchID, cursor, len(p.Items)); err != nil {
			return err
		}
		for _, it := range p.Items {
			if _, err := im.Pool.Exec(ctx, `INSERT INTO settlement_line (id, batch_id, charge_id, amount) VALUES ($1, $2, $3, $4)`,
				uuid.NewString(), batchID, it.ChargeID, it.Amount); err != nil {
				return err
			}
		}
		if p.Next == "" {
			return nil
		}
		cursor = p.Next
	}
}

// ImportCSV reads a CSV export line by line, one row ID per line.
func (im *Importer) ImportCSV(ctx context.Context, r io.Reader) error {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), ",")
		if len(fields) < 2 {
			continue
		}
		if _, err := im.Pool.Exec(ctx, `INSERT INTO settlement_line (id, charge_id, amount) VALUES ($1, $2, $3::bigint)`,
			uuid.NewString(), fields[0], fields[1]); err != nil {
			return err
		}
	}
	return sc.Err()
}

// Tickets issues one voucher per unit ordered.
func (im *Importer) Tickets(ctx context.Context, orderID string, quantity int) ([]string, error) {
	ids := make([]string, 0, quantity)
	for range quantity {
		ids = append(ids, uuid.NewString())
	}
	_, err := im.Pool.Exec(ctx, `INSERT INTO vouchers (id, order_id) SELECT unnest($1::text[]), $2`, ids, orderID)
	return ids, err
}

// Vouchers issues numbered vouchers with a counted loop.
func (im *Importer) Vouchers(ctx context.Context, orderID string, quantity int) error {
	batch := &pgx.Batch{}
	for i := 0; i < quantity; i++ {
		batch.Queue(`INSERT INTO vouchers (id, order_id, seq) VALUES ($1, $2, $3)`, uuid.NewString(), orderID, i)
	}
	return im.Pool.SendBatch(ctx, batch).Close()
}

// Subscribe consumes a channel of provider events; each event gets a
// storage ID. The loop ends on the first error: it is not a retry loop.
func (im *Importer) Subscribe(ctx context.Context, events <-chan []byte) error {
	for {
		var raw []byte
		select {
		case <-ctx.Done():
			return nil
		case raw = <-events:
		}
		id := uuid.NewString()
		if _, err := im.Pool.Exec(ctx, `INSERT INTO provider_event (id, body, received_at) VALUES ($1, $2, $3)`, id, raw, time.Now()); err != nil {
			return err
		}
	}
}

// Stream reads newline-delimited JSON from a long-lived connection until it
// ends; each line is stored with its own ID.
func (im *Importer) Stream(ctx context.Context, body io.Reader) error {
	dec := json.NewDecoder(body)
	for {
		var ev map[string]any
		if err := dec.Decode(&ev); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
		if _, err := im.Pool.Exec(ctx, `INSERT INTO provider_event (id, body) VALUES ($1, $2)`, uuid.NewString(), ev); err != nil {
			return err
		}
	}
}
