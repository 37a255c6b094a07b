// Embeds the git commit a target is built from as `BuildInfo.generatedCommit`, with no script to run first.
//
// The build command runs `git rev-parse` at build time (not when the plugin plans the build), with the repository's
// `HEAD` and its reflog as its inputs, so a new commit or checkout regenerates the file and nothing else does.
// Without git, or without a repository (the Docker build copies only the sources), the commit is `unknown` and the
// build goes on. `LAYOUTD_COMMIT` in the environment of `swift build`, when it is a hexadecimal commit, wins: the
// Dockerfile passes it through as a build argument.
import Foundation
import PackagePlugin

@main
struct BuildInfoPlugin: BuildToolPlugin {
    /// The shell script the build command runs: `$1` the package directory, `$2` the output file, `$3` an override.
    private static let script = #"""
        commit="$3"
        if [ -z "$commit" ] && [ -e "$1/.git" ]; then
            commit=$(git -C "$1" rev-parse --short=7 HEAD 2>/dev/null) || commit=unknown
        fi
        case "$commit" in
            ''|*[!0-9a-f]*) commit=unknown ;;
        esac
        printf '%s\n' \
            '// Generated at build time by Plugins/BuildInfoPlugin from `git rev-parse`. Do not edit.' \
            '' \
            'extension BuildInfo {' \
            '    /// The abbreviated commit of the sources, or `unknown` when they were built outside a git checkout.' \
            "    static let generatedCommit = \"$commit\"" \
            '}' > "$2.tmp" && mv "$2.tmp" "$2"
        """#

    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo+Commit.swift")
        let package = context.package.directoryURL
        let override = ProcessInfo.processInfo.environment["LAYOUTD_COMMIT"] ?? ""
        return [
            .buildCommand(
                displayName: "Embedding the git commit in \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "build-info", package.path, output.path, override],
                inputFiles: Self.gitInputs(package: package),
                outputFiles: [output]
            )
        ]
    }

    /// The files whose change means another commit: `HEAD`, and its reflog, `logs/HEAD`.
    ///
    /// Git appends to the reflog whenever `HEAD` moves (a commit, a checkout, a reset, a pull), and neither file
    /// ever disappears, which matters: SwiftPM runs the plugin only when the package's structure changes, so these
    /// paths stay in the build plan across commits, and llbuild does not run a command one of whose inputs has gone
    /// missing (a branch's loose ref goes when `git gc` packs it). Without a reflog (`core.logAllRefUpdates`
    /// off), the branch's loose ref is watched instead, as long as it exists. `.git` is a directory in a clone and a
    /// `gitdir:` file in a worktree, whose branches live in the main repository's directory (`commondir`). None
    /// without a repository.
    private static func gitInputs(package: URL) -> [URL] {
        let files = FileManager.default
        let dotGit = package.appending(path: ".git")
        var isDirectory: ObjCBool = false
        guard files.fileExists(atPath: dotGit.path, isDirectory: &isDirectory) else { return [] }
        var gitDirectory = dotGit
        if !isDirectory.boolValue {
            guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") else {
                return []
            }
            let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            gitDirectory = path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appending(path: path)
        }
        let head = gitDirectory.appending(path: "HEAD")
        guard files.fileExists(atPath: head.path) else { return [] }
        let reflog = gitDirectory.appending(path: "logs/HEAD")
        if files.fileExists(atPath: reflog.path) { return [head, reflog] }
        var common = gitDirectory
        if let text = try? String(contentsOf: gitDirectory.appending(path: "commondir"), encoding: .utf8) {
            let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
            common = path.hasPrefix("/") ? URL(fileURLWithPath: path) : gitDirectory.appending(path: path)
        }
        guard let text = try? String(contentsOf: head, encoding: .utf8), text.hasPrefix("ref:") else { return [head] }
        let ref = common.appending(path: text.dropFirst("ref:".count).trimmingCharacters(in: .whitespacesAndNewlines))
        return files.fileExists(atPath: ref.path) ? [head, ref] : [head]
    }
}
