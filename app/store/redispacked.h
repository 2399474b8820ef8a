#pragma once

#include <QByteArrayView>
#include <QList>

#include <optional>

// A record's fields as the claim script sends them back: one MessagePack
// array (cmsgpack.pack of the HMGET values, Redis's bundled Lua library), an
// item per field, a string for a field that is there and false for one that
// is not. One bulk string instead of a nested array of thirteen: hiredis
// builds each reply element with two allocations, and the claim answers
// every guarded request (they were a quarter of a replay's allocations on
// the client).
//
// Each field: the bytes, viewing into `packed`, or nullopt for false/nil.
// Nothing at all (nullopt) for anything else: another MessagePack type, a
// length past the end, bytes left over.
using PackedField = std::optional<QByteArrayView>;
std::optional<QList<PackedField>> unpackFields(QByteArrayView packed);
