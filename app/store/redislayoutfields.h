#pragma once

// The native record hash's fields (RedisLayout), shared by redislayout.cpp
// and redisrecordlistings.cpp: same order as FIELDS in
// resources/lua/record.lua, which is readCommand()'s.
namespace RedisLayoutFields {

// Request (the kept request, optional) comes last and is read by the
// store's own reads only: the scripts' copies of a record (kScriptFieldCount
// values) end before it.
enum Field {
    State,
    Fingerprint,
    Lease,
    Owner,
    Attempts,
    BizNo,
    StatusCode,
    Headers,
    Body,
    CreatedAt,
    UpdatedAt,
    ExpiresAt,
    Reconciled,
    Request,
    FieldCount
};
inline constexpr int kScriptFieldCount = Request;
inline constexpr const char *kFieldNames[FieldCount] = {"state",      "fingerprint", "lease",      "owner",  "attempts",
                                                        "biz_no",     "status_code", "headers",    "body",   "created_at",
                                                        "updated_at", "expires_at",  "reconciled", "request"};

} // namespace RedisLayoutFields
