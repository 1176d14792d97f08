import Export

/// The options that shape `--export`'s file: `--scale` and `--background`
/// for a PNG, `--page` for a PDF. `Options.parse` hands each one's value
/// here as it meets it, and asks for the `ExportOptions` once it knows the
/// file they go with; a value they cannot take, or an option for another
/// format or without `--export`, is a usage error that names it.
struct ExportArguments {
    /// The options met so far, by name, with their values as given.
    private var given: [(name: String, value: String)] = []
    private var options = ExportOptions()

    static let names = ["--scale", "--background", "--page"]

    /// Takes `name`'s `value`; the caller has refused an option given twice.
    mutating func take(_ name: String, value: String) throws(Options.ParseError) {
        switch name {
        case "--scale":
            guard let scale = Int(value), ExportOptions.scales.contains(scale) else {
                throw Options.ParseError(description: "option --scale takes 1, 2 or 4, not '\(value)'")
            }
            options.scale = scale
        case "--background":
            guard let background = ExportOptions.Background(rawValue: value) else {
                throw Options.ParseError(description: "option --background takes transparent or white, not '\(value)'")
            }
            options.background = background
        default:
            guard let page = ExportOptions.Page(argument: value) else {
                throw Options.ParseError(description: "option --page takes drawing, a4 or letter "
                                         + "(a4-landscape, letter-landscape), not '\(value)'")
            }
            options.page = page
        }
        given.append((name, value))
    }

    /// The options for an export to `path` (nil: no `--export`), refusing
    /// those that do not apply to its format: they would change nothing.
    func options(forExportTo path: String?) throws(Options.ParseError) -> ExportOptions {
        guard let first = given.first else { return options }
        guard let path, let format = ExportFormat(path: path) else {
            throw Options.ParseError(description: "option \(first.name) goes with --export")
        }
        for (name, _) in given {
            let formatItShapes: ExportFormat = name == "--page" ? .pdf : .png
            guard format == formatItShapes else {
                throw Options.ParseError(description: "option \(name) shapes a \(formatItShapes.rawValue.uppercased()) "
                                         + "export; \(path) is \(format.rawValue.uppercased())")
            }
        }
        return options
    }
}
