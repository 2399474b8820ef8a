#pragma once

#include "app/guard/guard.h"

// The request a claim keeps with its record (ClaimRequest::request, the
// KeptRequest document), as the scope's policy says: nothing when
// keepRequest is off; else the method, the path (its query masked), the
// allowed headers and the body with its sensitive fields masked
// (FieldMasking), cut to 4 KiB. Masking happens here, before the store
// sees a byte, so no backend, replica or backup ever holds a masked value.
// Cost: linear in the body (one masking pass; the encoding reads at most
// 4 KiB of it), a few allocations; no I/O.
QByteArray keptRequestOf(const GuardRequest &request, const ScopePolicy &policy);

// Whether the policy keeps a header of this name: listed in keptHeaders
// (ignoring case) and not a credential.
bool keepsHeader(const ScopePolicy &policy, QByteArrayView name);
