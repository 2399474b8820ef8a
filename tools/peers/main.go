// Command peers drives the seed Go middleware's store code (the article the
// product grew out of, sections "方案一基于 Redis 的实现" and "方案二基于
// PostgreSQL 的实现"; docs/design.md names both articles) the way its middleware calls it, so that
// tools/bench-peers.sh can set the engine beside what its users would
// otherwise write. Not a test: it measures requests per second.
//
// What is the article's and what is ours:
//   - IdempotencyRecord, IdempotencyStore, HashRequest, the Lua script and
//     PostgresStore's SetInFlight, Finalize and Delete are copied unchanged
//     (the seed's text lost its quotes and operators such as = and >; they
//     are put back as Go and SQL require, nothing else).
//   - RedisStore uses redigo (Debian: golang-github-gomodule-redigo-dev)
//     where the article uses go-redis v9, which Debian 12 does not package:
//     each method sends the same commands (GET; EVALSHA falling back to EVAL
//     on NOSCRIPT, as go-redis's Script.Run does; SET … PX, as go-redis's Set
//     sends for a TTL that is not whole seconds; DEL) through a redigo Pool.
//   - PostgresStore.Get's row scan is ours: the article elides it ("// ...
//     扫描逻辑"). status_code is NULL while a record is in flight, so it scans
//     through sql.NullInt64.
//   - handle() is the article's Middleware.Handler without HTTP: the same
//     calls in the same order (Get → SetInFlight → business → Finalize; a
//     replay is one Get), a no-op business action answering 200.
//   - Pools: the article shows none. Both get as many connections as there
//     are goroutines (go-redis's default would be 10 per CPU, database/sql
//     keeps only 2 idle and would reconnect under load), so the seed is
//     measured as a tuned service would run it, never starved.
//
// Build (offline, Debian's Go and libraries only):
//
//	GO111MODULE=off GOPATH=/usr/share/gocode go build -o peers ./tools/peers
package main

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gomodule/redigo/redis"
	_ "github.com/lib/pq"
)

// ---- The article's record and interface, unchanged. ----

// IdempotencyRecord 存储幂等键及其对应的响应
type IdempotencyRecord struct {
	Key         string            `json:"key"`
	StatusCode  int               `json:"status_code"`
	Headers     map[string]string `json:"headers"`
	Body        []byte            `json:"body"`
	CreatedAt   time.Time         `json:"created_at"`
	ExpiresAt   time.Time         `json:"expires_at"`
	RequestHash string            `json:"request_hash"` // 用于检测同一Key下请求体是否变化
	InFlight    bool              `json:"in_flight"`    // 标记请求正在处理中防止并发问题
}

// IdempotencyStore 定义存储接口方便切换实现
type IdempotencyStore interface {
	Get(ctx context.Context, key string) (*IdempotencyRecord, error)
	SetInFlight(ctx context.Context, key string, requestHash string, ttl time.Duration) (bool, error)
	Finalize(ctx context.Context, record *IdempotencyRecord) error
	Delete(ctx context.Context, key string) error
}

// ---- 方案一: the article's RedisStore, on redigo instead of go-redis. ----

const (
	keyPrefix   = "idemp:"
	inFlightTTL = 30 * time.Second
	defaultTTL  = 24 * time.Hour
)

type RedisStore struct {
	pool *redis.Pool
}

func (s *RedisStore) redisKey(key string) string {
	return keyPrefix + key
}

// SetInFlight 使用 Lua 脚本实现原子性的检查并设置
// 只有当键不存在时才会设置返回 true 表示成功抢占
var setInFlightScript = redis.NewScript(1, `
    local key = KEYS[1]
    local value = ARGV[1]
    local ttl = tonumber(ARGV[2])
    local result = redis.call('SET', key, value, 'NX', 'EX', ttl)
    if result then
        return 1
    else
        return 0
    end
`)

func (s *RedisStore) SetInFlight(ctx context.Context, key string, requestHash string, ttl time.Duration) (bool, error) {
	record := IdempotencyRecord{
		Key:         key,
		InFlight:    true,
		RequestHash: requestHash,
		CreatedAt:   time.Now(),
		ExpiresAt:   time.Now().Add(ttl),
	}
	data, _ := json.Marshal(record)
	conn, err := s.pool.GetContext(ctx)
	if err != nil {
		return false, fmt.Errorf("set in-flight failed: %w", err)
	}
	defer conn.Close()
	result, err := redis.Int(setInFlightScript.Do(conn, s.redisKey(key), string(data), int(ttl.Seconds())))
	if err != nil {
		return false, fmt.Errorf("set in-flight failed: %w", err)
	}
	return result == 1, nil
}

func (s *RedisStore) Finalize(ctx context.Context, record *IdempotencyRecord) error {
	record.InFlight = false
	data, _ := json.Marshal(record)
	ttl := time.Until(record.ExpiresAt)
	if ttl <= 0 {
		ttl = defaultTTL
	}
	conn, err := s.pool.GetContext(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = conn.Do("SET", s.redisKey(record.Key), data, "PX", ttl.Milliseconds())
	return err
}

func (s *RedisStore) Get(ctx context.Context, key string) (*IdempotencyRecord, error) {
	conn, err := s.pool.GetContext(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	data, err := redis.Bytes(conn.Do("GET", s.redisKey(key)))
	if err == redis.ErrNil {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var record IdempotencyRecord
	if err := json.Unmarshal(data, &record); err != nil {
		return nil, err
	}
	return &record, nil
}

func (s *RedisStore) Delete(ctx context.Context, key string) error {
	conn, err := s.pool.GetContext(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = conn.Do("DEL", s.redisKey(key))
	return err
}

// HashRequest 生成请求体的哈希值用于检测同一Key下的请求是否一致
func HashRequest(body []byte) string {
	h := sha256.Sum256(body)
	return fmt.Sprintf("%x", h[:8])
}

// ---- 方案二: the article's PostgresStore (database/sql + lib/pq). ----

// 表结构 (created by tools/bench-peers.sh before a run)
// CREATE TABLE idempotency_records (
//     key TEXT PRIMARY KEY,
//     request_hash TEXT NOT NULL,
//     status_code INTEGER,
//     headers JSONB,
//     body BYTEA,
//     in_flight BOOLEAN NOT NULL DEFAULT TRUE,
//     created_at TIMESTAMPTZ NOT NULL DEFAULT NOW(),
//     expires_at TIMESTAMPTZ NOT NULL
// );
// CREATE INDEX idx_idempotency_expires ON idempotency_records(expires_at);

type PostgresStore struct {
	db *sql.DB
}

func (s *PostgresStore) SetInFlight(ctx context.Context, key string, requestHash string, ttl time.Duration) (bool, error) {
	result, err := s.db.ExecContext(ctx, `
        INSERT INTO idempotency_records (key, request_hash, in_flight, expires_at)
        VALUES ($1, $2, TRUE, $3)
        ON CONFLICT (key) DO NOTHING
    `, key, requestHash, time.Now().Add(ttl))
	if err != nil {
		return false, err
	}
	rows, _ := result.RowsAffected()
	return rows == 1, nil
}

func (s *PostgresStore) Finalize(ctx context.Context, record *IdempotencyRecord) error {
	headersJSON, _ := json.Marshal(record.Headers)
	_, err := s.db.ExecContext(ctx, `
        UPDATE idempotency_records
        SET status_code = $2, headers = $3, body = $4, in_flight = FALSE, expires_at = $5
        WHERE key = $1
    `, record.Key, record.StatusCode, headersJSON, record.Body, record.ExpiresAt)
	return err
}

func (s *PostgresStore) Get(ctx context.Context, key string) (*IdempotencyRecord, error) {
	row := s.db.QueryRowContext(ctx, `
        SELECT key, request_hash, status_code, headers, body, in_flight, created_at, expires_at
        FROM idempotency_records
        WHERE key = $1 AND expires_at > NOW()
    `, key)
	// The scan is ours: the article elides it.
	var record IdempotencyRecord
	var statusCode sql.NullInt64
	var headers []byte
	err := row.Scan(&record.Key, &record.RequestHash, &statusCode, &headers, &record.Body, &record.InFlight,
		&record.CreatedAt, &record.ExpiresAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	record.StatusCode = int(statusCode.Int64)
	if len(headers) > 0 {
		if err := json.Unmarshal(headers, &record.Headers); err != nil {
			return nil, err
		}
	}
	return &record, nil
}

func (s *PostgresStore) Delete(ctx context.Context, key string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM idempotency_records WHERE key = $1`, key)
	return err
}

// ---- The article's Middleware.Handler, without HTTP. ----

type outcome int

const (
	executed outcome = iota
	replayed
	inProgress
	mismatch
	failed
)

// handle makes the middleware's calls for one request. The article ignores
// Get's and Finalize's errors (it falls through to SetInFlight, and answers
// the client before Finalize); here they are counted, so a run with store
// errors is reported as failed rather than fast.
func handle(ctx context.Context, store IdempotencyStore, ttl time.Duration, key string, body []byte) (outcome, error) {
	requestHash := HashRequest(body)
	existing, err := store.Get(ctx, key)
	if err != nil {
		return failed, err
	}
	if existing != nil {
		if existing.RequestHash != requestHash {
			return mismatch, nil // 422
		}
		if existing.InFlight {
			return inProgress, nil // 409 + Retry-After
		}
		return replayed, nil // the cached status, headers and body go to the client
	}
	claimed, err := store.SetInFlight(ctx, key, requestHash, ttl)
	if err != nil {
		return failed, err
	}
	if !claimed {
		return inProgress, nil
	}
	// The business action: a no-op answering 200, as idemctl press --work-ms 0
	// does, so the article's 5xx branch (Delete, nothing cached) never runs.
	statusCode := 200
	headers := map[string]string{"Content-Type": "application/json"}
	responseBody := []byte(`{"key":"` + key + `","execution":1}`)
	record := &IdempotencyRecord{
		Key:         key,
		RequestHash: requestHash,
		StatusCode:  statusCode,
		Headers:     headers,
		Body:        responseBody,
		CreatedAt:   time.Now(),
		ExpiresAt:   time.Now().Add(ttl),
	}
	if err := store.Finalize(ctx, record); err != nil {
		return failed, err
	}
	return executed, nil
}

// ---- The driver. ----

type report struct {
	Backend     string  `json:"backend"`
	Phase       string  `json:"phase"`
	Concurrency int     `json:"concurrency"`
	Requests    int     `json:"requests"`
	Seconds     float64 `json:"seconds"`
	PerS        float64 `json:"per_s"`
	Executed    int64   `json:"executed"`
	Replayed    int64   `json:"replayed"`
	InProgress  int64   `json:"in_progress"`
	Mismatch    int64   `json:"mismatch"`
	Errors      int64   `json:"errors"`
	ErrorSample string  `json:"error_sample,omitempty"`
}

func openStore(backend, url string, concurrency int) (IdempotencyStore, func(), error) {
	switch backend {
	case "redis":
		pool := &redis.Pool{
			MaxIdle:   concurrency,
			MaxActive: concurrency,
			Wait:      true,
			Dial:      func() (redis.Conn, error) { return redis.DialURL(url) },
		}
		return &RedisStore{pool: pool}, func() { pool.Close() }, nil
	case "postgresql":
		if !strings.Contains(url, "sslmode=") {
			separator := "?"
			if strings.Contains(url, "?") {
				separator = "&"
			}
			url += separator + "sslmode=disable"
		}
		db, err := sql.Open("postgres", url)
		if err != nil {
			return nil, nil, err
		}
		db.SetMaxOpenConns(concurrency)
		db.SetMaxIdleConns(concurrency)
		if err := db.Ping(); err != nil {
			db.Close()
			return nil, nil, err
		}
		return &PostgresStore{db: db}, func() { db.Close() }, nil
	}
	return nil, nil, fmt.Errorf("unknown backend %q (redis or postgresql)", backend)
}

func main() {
	backend := flag.String("backend", "", "redis or postgresql")
	url := flag.String("url", "", "redis://HOST:PORT[/DB] or postgresql://USER@HOST:PORT/DB")
	concurrency := flag.Int("concurrency", 1, "goroutines, each sending one request after another")
	requests := flag.Int("requests", 20000, "requests in all")
	phase := flag.String("phase", "first", "first (a new key per request) or replay (the keys of an earlier first run)")
	prefix := flag.String("prefix", "seed", "key prefix: keys are PREFIX-0 … PREFIX-(requests-1)")
	flag.Parse()
	if *backend == "" || *url == "" || *concurrency < 1 || *requests < 1 || (*phase != "first" && *phase != "replay") {
		fmt.Fprintln(os.Stderr, "usage: peers --backend redis|postgresql --url URL --concurrency N --requests M --phase first|replay --prefix P")
		os.Exit(2)
	}
	store, closeStore, err := openStore(*backend, *url, *concurrency)
	if err != nil {
		fmt.Fprintf(os.Stderr, "peers: %v\n", err)
		os.Exit(1)
	}
	defer closeStore()

	// The middleware's TTL in the article's integration example.
	const ttl = 24 * time.Hour
	ctx := context.Background()
	var next int64 = -1
	var counts [failed + 1]int64
	var sampleOnce sync.Once
	var sample string
	var wg sync.WaitGroup
	start := time.Now()
	for g := 0; g < *concurrency; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := atomic.AddInt64(&next, 1); i < int64(*requests); i = atomic.AddInt64(&next, 1) {
				key := fmt.Sprintf("%s-%d", *prefix, i)
				body := []byte(`{"key":"` + key + `","amount_cents":100}`)
				result, err := handle(ctx, store, ttl, key, body)
				atomic.AddInt64(&counts[result], 1)
				if err != nil {
					sampleOnce.Do(func() { sample = err.Error() })
				}
			}
		}()
	}
	wg.Wait()
	seconds := time.Since(start).Seconds()

	r := report{
		Backend: *backend, Phase: *phase, Concurrency: *concurrency, Requests: *requests,
		Seconds: seconds, PerS: float64(*requests) / seconds,
		Executed: counts[executed], Replayed: counts[replayed], InProgress: counts[inProgress],
		Mismatch: counts[mismatch], Errors: counts[failed], ErrorSample: sample,
	}
	out, _ := json.Marshal(r)
	fmt.Println(string(out))
	want := r.Executed
	if *phase == "replay" {
		want = r.Replayed
	}
	if want != int64(*requests) {
		os.Exit(1)
	}
}
