/// The program's version, printed by `--version` and written in every
/// recording's header. The man page's title line, the metainfo's latest
/// release, CHANGELOG.md and the Debian package (scripts/package reads it
/// from `--version`) carry the same number; Tests/Desktop/desktop-tests.sh
/// checks that they agree.
public enum Version {
    public static let string = "0.2.0"
}
