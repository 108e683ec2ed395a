public enum HaulCoreVersion { public static let string = "0.1.0" }
