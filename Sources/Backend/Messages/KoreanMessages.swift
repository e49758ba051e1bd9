/// Messages in Korean (`ko`).
struct KoreanMessages: MessageCatalog {
    func text(for message: Message) -> String {
        switch message {
        case .ok: "성공"
        case .missingHeader(let name): "필수 헤더 \(name)이(가) 없습니다"
        case .unsupportedVersion(let version): "지원하지 않는 API 버전 '\(version)'입니다. 1.0을 사용하세요"
        case .malformedBody(let reason): "요청 본문을 읽을 수 없습니다: \(reason)"
        case .bodyTooLarge: "요청 본문이 너무 큽니다"
        case .duplicateSignedHeader(let name): "서명 대상 헤더 \(name)이(가) 여러 번 전송되었습니다"
        case .signatureMismatch: "서명이 일치하지 않습니다"
        case .signatureMismatchExplained(let detail): "서명이 일치하지 않습니다: \(detail)"
        case .unknownAppKey: "알 수 없는 X-APP-KEY입니다"
        case .requestExpired(let skew): "요청이 만료되었습니다: X-TIMESTAMP가 서버 시간과 \(skew)초 차이납니다"
        case .nonceReused: "재전송된 요청입니다: 이미 사용된 X-NONCE입니다"
        case .invalidParameter(let name, let rule): "잘못된 매개변수 '\(name)': \(text(for: rule))"
        case .noSuchEndpoint: "존재하지 않는 API입니다"
        case .methodNotAllowed(let allowed): "허용되지 않는 메서드입니다. \(allowed.joined(separator: ", "))을(를) 사용하세요"
        case .tooManyRequests(let seconds): "요청이 너무 많습니다. \(seconds)초 후에 다시 시도하세요"
        case .phoneAlreadyRegistered: "이미 등록된 전화번호입니다"
        case .wrongCredentials: "전화번호 또는 비밀번호가 올바르지 않습니다"
        case .accountDisabled: "비활성화된 계정입니다"
        case .notLoggedIn: "다시 로그인해 주세요"
        case .alreadyCheckedIn: "오늘은 이미 출석 체크를 했습니다"
        case .internalError: "서버 내부 오류입니다. 잠시 후 다시 시도하세요"
        case .custom(let text): text
        }
    }

    func text(for rule: ParameterRule) -> String {
        switch rule {
        case .required: "필수 항목입니다"
        case .phoneFormat: "1로 시작하는 11자리 숫자여야 합니다"
        case .length(let min, let max): "\(min)~\(max)자여야 합니다"
        case .integerRange(let min, let max): "\(min)에서 \(max) 사이의 정수여야 합니다"
        case .url: "http 또는 https URL이어야 합니다"
        case .duplicated: "쿼리와 본문에 중복되어 있습니다"
        case .unsignable: "JSON 객체나 null일 수 없습니다(안정적으로 서명할 수 없음)"
        case .wrongType: "형식이 올바르지 않습니다"
        case .schema(let rule): rule
        }
    }
}
