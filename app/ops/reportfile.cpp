#include "app/ops/reportfile.h"

#include "app/ops/reportcsv.h"
#include "app/ops/reportjson.h"
#include "app/ops/reportpdf.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

// Messages of this file, in the "ReportFile" translation context.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(ReportFile)
};

Error writeError(const QString &path, int error)
{
    return makeError(ErrorKind::Refused, Text::tr("Cannot write %1: %2. Nothing was written there.").arg(path, qt_error_string(error)));
}

// write(2) until every byte is out: short writes go on, EINTR retries, any
// other error (ENOSPC, EDQUOT, EIO) stops with errno set.
bool writeAll(int fd, const QByteArray &bytes)
{
    const char *at = bytes.constData();
    qsizetype left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, at, size_t(left));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        if (n == 0) {
            errno = EIO;
            return false;
        }
        at += n;
        left -= n;
    }
    return true;
}

Result<void> writeInPlace(const QString &path, const QByteArray &native, const QByteArray &bytes)
{
    const int fd = ::open(native.constData(), O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return writeError(path, errno);
    if (!writeAll(fd, bytes)) {
        const int error = errno;
        ::close(fd);
        return makeError(ErrorKind::Refused,
                         Text::tr("Cannot write %1: %2. It is not a regular file, so part of the report may have gone out.")
                             .arg(path, qt_error_string(error)));
    }
    if (::close(fd) != 0)
        return writeError(path, errno);
    return {};
}

} // namespace

Result<QByteArray> ReportFile::render(const ReportData &data, ReportFormat format)
{
    switch (format) {
    case ReportFormat::Pdf:
        return ReportPdf::render(data);
    case ReportFormat::Csv:
        return ReportCsv::write(data);
    case ReportFormat::Json:
        return QJsonDocument(ReportJson::write(data)).toJson(QJsonDocument::Indented);
    }
    return makeError(ErrorKind::Internal, Text::tr("Unknown report format."));
}

Result<void> ReportFile::save(const ReportData &data, ReportFormat format, const QString &path)
{
    const Result<QByteArray> bytes = render(data, format);
    if (!bytes)
        return bytes.error();
    return writeWhole(path, bytes.value());
}

Result<void> ReportFile::writeWhole(const QString &path, const QByteArray &bytes)
{
    if (path.isEmpty())
        return makeError(ErrorKind::InvalidArgument, Text::tr("No file to write the report to."));
    QString target = path;
    const QFileInfo link(path);
    if (link.isSymLink()) {
        target = link.canonicalFilePath(); // empty when the link dangles: write a new file where it points
        if (target.isEmpty())
            target = link.symLinkTarget();
    }
    const QByteArray native = QFile::encodeName(target);
    struct stat st { };
    const bool exists = ::stat(native.constData(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode))
        return makeError(ErrorKind::InvalidArgument, Text::tr("Cannot write %1: it is a folder. Give a file name.").arg(path));
    if (exists && !S_ISREG(st.st_mode))
        return writeInPlace(path, native, bytes);

    const QFileInfo info(target);
    QByteArray temporary = QFile::encodeName(info.absolutePath() + QLatin1String("/.") + info.fileName()) + ".XXXXXX";
    const int fd = ::mkostemp(temporary.data(), O_CLOEXEC);
    if (fd < 0)
        return writeError(path, errno);
    // mkostemp makes the file 0600; keep the old file's mode, or the usual 0644 for a new one.
    const mode_t mode = exists ? (st.st_mode & 07777) : 0644;
    int error = 0;
    if (::fchmod(fd, mode) != 0 || !writeAll(fd, bytes) || ::fsync(fd) != 0)
        error = errno;
    if (::close(fd) != 0 && error == 0)
        error = errno;
    if (error == 0 && ::rename(temporary.constData(), native.constData()) != 0)
        error = errno;
    if (error != 0) {
        ::unlink(temporary.constData());
        return writeError(path, error);
    }
    // The rename itself reaches the disk with the folder.
    if (const int dir = ::open(QFile::encodeName(info.absolutePath()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
    return {};
}

Result<ReportSummary> exportReport(Store &store, const ReportRequest &request, ReportFormat format, const QString &path,
                                   const ActionControl &control)
{
    const Result<ReportData> data = ReportBuilder::gather(store, request, control);
    if (!data)
        return data.error();
    ReportSummary summary;
    // Incomplete data must not be written: a report is evidence.
    if (data->cancelled || control.cancelled()) {
        summary.cancelled = true;
        return summary;
    }
    if (const Result<void> written = ReportFile::save(data.value(), format, path); !written)
        return written.error();
    const CounterSet total = data->total();
    summary.scopes = data->scopes.size();
    summary.executed = total[Counter::Executed];
    summary.replayed = total[Counter::Replayed];
    summary.actions = data->actions.size();
    summary.alertEntries = data->alertEntries().size();
    summary.operatorActions = summary.actions - summary.alertEntries;
    summary.auditOk = data->audit.ok;
    return summary;
}
