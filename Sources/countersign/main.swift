import CountersignCommands
import Glibc

exit(CountersignCommandLine.main(CommandLine.arguments, environment: ProcessEnvironment.current()))
