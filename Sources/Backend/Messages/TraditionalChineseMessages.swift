/// Messages in Traditional Chinese (`zh-Hant`).
struct TraditionalChineseMessages: MessageCatalog {
    func text(for message: Message) -> String {
        switch message {
        case .ok: "成功"
        case .missingHeader(let name): "缺少必要的請求標頭 \(name)"
        case .unsupportedVersion(let version): "不支援的 API 版本「\(version)」，請使用 1.0"
        case .malformedBody(let reason): "無法讀取請求內容：\(reason)"
        case .bodyTooLarge: "請求內容過大"
        case .duplicateSignedHeader(let name): "參與簽章的請求標頭 \(name) 重複出現"
        case .signatureMismatch: "簽章錯誤"
        case .signatureMismatchExplained(let detail): "簽章錯誤：\(detail)"
        case .unknownAppKey: "未知的 X-APP-KEY"
        case .requestExpired(let skew): "請求已過期：X-TIMESTAMP 與伺服器時間相差 \(skew) 秒"
        case .nonceReused: "重複的請求：X-NONCE 已被使用"
        case .invalidParameter(let name, let rule): "參數「\(name)」無效：\(text(for: rule))"
        case .noSuchEndpoint: "介面不存在"
        case .methodNotAllowed(let allowed): "不支援此請求方法，請使用 \(allowed.joined(separator: ", "))"
        case .tooManyRequests(let seconds): "請求過於頻繁，請於 \(seconds) 秒後再試"
        case .phoneAlreadyRegistered: "此手機號碼已註冊"
        case .wrongCredentials: "手機號碼或密碼錯誤"
        case .accountDisabled: "此帳號已被停用"
        case .notLoggedIn: "登入已失效，請重新登入"
        case .alreadyCheckedIn: "今天已經簽到過了"
        case .internalError: "伺服器內部錯誤，請稍後再試"
        case .custom(let text): text
        }
    }

    func text(for rule: ParameterRule) -> String {
        switch rule {
        case .required: "不可為空"
        case .phoneFormat: "必須是以 1 開頭的 11 位數字"
        case .length(let min, let max): "長度必須為 \(min) 到 \(max) 個字元"
        case .integerRange(let min, let max): "必須是 \(min) 到 \(max) 之間的整數"
        case .url: "必須是 http 或 https 網址"
        case .duplicated: "重複出現（查詢字串與請求內容中皆有）"
        case .unsignable: "不可為 JSON 物件或 null（無法可靠簽章）"
        case .wrongType: "類型錯誤"
        case .schema(let rule): rule
        }
    }
}
