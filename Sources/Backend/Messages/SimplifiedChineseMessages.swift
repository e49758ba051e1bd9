/// Messages in Simplified Chinese (`zh-Hans`).
struct SimplifiedChineseMessages: MessageCatalog {
    func text(for message: Message) -> String {
        switch message {
        case .ok: "成功"
        case .missingHeader(let name): "缺少必需的请求头 \(name)"
        case .unsupportedVersion(let version): "不支持的 API 版本“\(version)”，请使用 1.0"
        case .malformedBody(let reason): "无法读取请求体：\(reason)"
        case .bodyTooLarge: "请求体过大"
        case .duplicateSignedHeader(let name): "参与签名的请求头 \(name) 重复出现"
        case .signatureMismatch: "签名错误"
        case .signatureMismatchExplained(let detail): "签名错误：\(detail)"
        case .unknownAppKey: "未知的 X-APP-KEY"
        case .requestExpired(let skew): "请求已过期：X-TIMESTAMP 与服务器时间相差 \(skew) 秒"
        case .nonceReused: "重复的请求：X-NONCE 已被使用"
        case .invalidParameter(let name, let rule): "参数“\(name)”无效：\(text(for: rule))"
        case .noSuchEndpoint: "接口不存在"
        case .methodNotAllowed(let allowed): "不支持该请求方法，请使用 \(allowed.joined(separator: ", "))"
        case .tooManyRequests(let seconds): "请求过于频繁，请 \(seconds) 秒后再试"
        case .phoneAlreadyRegistered: "该手机号已注册"
        case .wrongCredentials: "手机号或密码错误"
        case .accountDisabled: "该账号已被禁用"
        case .notLoggedIn: "登录已失效，请重新登录"
        case .alreadyCheckedIn: "今天已经签到过了"
        case .internalError: "服务器内部错误，请稍后再试"
        case .custom(let text): text
        }
    }

    func text(for rule: ParameterRule) -> String {
        switch rule {
        case .required: "不能为空"
        case .phoneFormat: "必须是以 1 开头的 11 位数字"
        case .length(let min, let max): "长度必须为 \(min) 到 \(max) 个字符"
        case .integerRange(let min, let max): "必须是 \(min) 到 \(max) 之间的整数"
        case .url: "必须是 http 或 https 地址"
        case .duplicated: "重复出现（查询字符串和请求体中都有）"
        case .unsignable: "不能是 JSON 对象或 null（无法可靠签名）"
        case .wrongType: "类型错误"
        case .schema(let rule): rule
        }
    }
}
