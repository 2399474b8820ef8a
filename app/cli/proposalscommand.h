#pragma once

#include <QStringList>

// Roles and four eyes (README "Roles and four eyes"):
// idemctl whoami                 who the server says this connection is, and its role
// idemctl proposals [--scope S]  the proposals, newest first
// idemctl approve ID             approve (a second identity)
// idemctl reject ID --reason T   reject
// idemctl apply ID               apply an approved proposal (compare-and-set)
int runWhoamiCommand(const QStringList &arguments);
int runProposalsCommand(const QStringList &arguments);
int runApproveCommand(const QStringList &arguments);
int runRejectCommand(const QStringList &arguments);
int runApplyCommand(const QStringList &arguments);
